import { isDeepStrictEqual } from "node:util";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializer } from "fastify-type-provider-zod";
import type { z } from "zod";

/**
 * How answers are written. The contracts type every handler's result, so in production an answer is
 * written as it is — re-validating it cost a fifth of a list call's time. The tests run with
 * `validateResponses`: every answer is checked against its contract's schema, and one that carries a
 * field the contract does not declare (which the schema would silently strip) fails, so no handler
 * can leak a field without a test noticing.
 */
export function answerSerializer(validateResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!validateResponses) return () => (data) => JSON.stringify(data);
  return (route) => {
    const validating = zodSerializer(route);
    return (data) => {
      const written = validating(data);
      const given = JSON.stringify(data);
      // Compared as values: the schema writes keys in its own order, which is no difference.
      if (written !== given && !isDeepStrictEqual(JSON.parse(written), JSON.parse(given))) {
        throw new Error(
          `${route.method} ${route.url} answered fields its contract does not declare: ${given.slice(0, 300)}`,
        );
      }
      return written;
    };
  };
}
