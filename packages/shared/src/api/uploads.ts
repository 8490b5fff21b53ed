import { z } from "zod";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";

/** Image types the console may upload, by the extension their stored name ends with. */
export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Where uploaded files are served from (public, immutable, cached for a year). */
export const UPLOADS_PUBLIC_PATH = "/uploads";

/** A stored image's key: the SHA-256 of its bytes and its type's extension (content-addressed). */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

export const imageKey = z
  .string({ error: "validation.invalid" })
  .regex(IMAGE_KEY_PATTERN, { error: "validation.invalid" });

/** The public address of a stored image. */
export function imageUrl(key: string): string {
  return `${UPLOADS_PUBLIC_PATH}/${key}`;
}

/**
 * The images of one field (spec §5: brand logo, icon and virtual card image one each, shop images
 * at most six). The same schema checks the count in the form and on the server.
 */
export function imageList(max: number) {
  return z
    .array(imageKey, { error: "validation.invalid" })
    .max(max, { error: max === 1 ? "validation.oneImage" : "validation.tooManyImages" });
}

export const uploadImageRequest = z.object({});

export const uploadImageResult = z.object({
  /** Pass this key in the image fields of other calls. */
  key: imageKey,
  url: z.string(),
  content_type: z.enum([IMAGE_TYPES.png, IMAGE_TYPES.jpg, IMAGE_TYPES.webp]),
  size: z.number().int().nonnegative(),
});
export type UploadImageResult = z.infer<typeof uploadImageResult>;

/** The multipart field that carries the file. */
export const UPLOAD_FILE_FIELD = "file";

export const UPLOAD_IMAGE_MAX_BYTES = LIMITS.uploadImageMaxBytes;

export const uploadEndpoints = {
  image: endpoint({
    method: "POST",
    path: "/api/v2/Upload/image",
    summary:
      "Uploads one image (multipart/form-data, field `file`; png, jpeg or webp, at most 2 MB). The token comes as a form field or as `Authorization: Bearer`.",
    access: { kind: "session", levels: [3, 4, 6, 7] },
    body: uploadImageRequest,
    result: uploadImageResult,
    mutates: true,
    log: "uploads.image",
  }),
} as const;
