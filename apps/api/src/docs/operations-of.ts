import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Every operation of the document (each method of each path), seen through the shape a
 * post-processing step reads and writes: the one walk the steps share.
 */
export function operationsOf<Operation extends object>(document: OpenAPIObject): Operation[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item as Record<string, Operation>));
}
