/** The answer of GET /healthz while the process runs. */
export const LIVENESS_ANSWER_EXAMPLE = { status: 'ok' };

/** The answer of GET /readyz when every dependency answered in time. */
export const READINESS_ANSWER_EXAMPLE = { status: 'ok' };
