/**
 * Node flags every gateway server process starts with (the local launcher, the image's
 * NODE_OPTIONS and the Kubernetes commands say the same).
 *
 * `--max-semi-space-size=64`: a request allocates short-lived objects (DTOs, rows, JSON); with
 * V8's default young generation (16 MB semi-spaces on 64-bit) a busy api scavenges several
 * hundred times a second and promotes objects that die soon after. 64 MB semi-spaces measured
 * about a fifth less CPU per POST /v2/payments at 50 connections (README, Benchmarks), for up
 * to about 130 MB more resident memory under load.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
