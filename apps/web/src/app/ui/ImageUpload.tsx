import { LoadingOutlined, PlusOutlined } from "@ant-design/icons";
import { API, formatFileSize, IMAGE_TYPES, imageUrl, LIMITS, UPLOAD_FILE_FIELD } from "@washboard/shared";
import { Typography, Upload, type UploadFile, type UploadProps } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { upload } from "../api/client";
import { toastError } from "../feedback/toast";

export interface ImageUploadProps {
  /** Stored image keys (what the server's image fields take). */
  value?: string[];
  onChange?: (keys: string[]) => void;
  /** How many images the field takes (spec §5, from the shared limits). */
  max: number;
  testId?: string;
}

const ACCEPTED: readonly string[] = Object.values(IMAGE_TYPES);

/**
 * The console's one image field: uploads each chosen file through the upload call as soon as it
 * is picked, and holds the stored keys as the form value. At most `max` images; type and size are
 * checked here first and again (by magic bytes) on the server. Files it will not take are named in
 * a message under the control, with the reason (wrong type, too large, more than `max`).
 */
export function ImageUpload({ value, onChange, max, testId }: ImageUploadProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const keys = value ?? [];
  // The latest keys, for uploads that finish after the value changed.
  const latest = useRef(keys);
  latest.current = keys;
  // Uploads started and not finished: they will take room too.
  const pending = useRef(0);
  const maxSize = formatFileSize(LIMITS.uploadImageMaxBytes);

  const fileList: UploadFile[] = keys.map((key) => ({
    uid: key,
    name: key,
    status: "done",
    url: imageUrl(key),
    thumbUrl: imageUrl(key),
  }));

  // Called once per chosen file, with every file chosen together: the first of them starts afresh.
  const beforeUpload: UploadProps["beforeUpload"] = (file, chosen) => {
    if (chosen[0] === file) setNotice(null);
    if (!ACCEPTED.includes(file.type)) {
      setNotice(t("errors.UNSUPPORTED_FILE_TYPE"));
      return Upload.LIST_IGNORE;
    }
    if (file.size > LIMITS.uploadImageMaxBytes) {
      setNotice(t("upload.tooLarge", { size: maxSize }));
      return Upload.LIST_IGNORE;
    }
    if (max > 1) {
      const fitting = chosen.filter((f) => ACCEPTED.includes(f.type) && f.size <= LIMITS.uploadImageMaxBytes);
      const room = max - latest.current.length - pending.current;
      if (fitting.length > room) setNotice(t("upload.tooMany", { max, refused: fitting.length - Math.max(room, 0) }));
      if (fitting.indexOf(file) >= room) return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps["customRequest"] = ({ file, onSuccess, onError }) => {
    setUploading((n) => n + 1);
    pending.current += 1;
    upload(API.uploads.image, file as Blob, { fileField: UPLOAD_FILE_FIELD })
      .then((result) => {
        onSuccess?.(result);
        // One image fields swap the image; others add up to their count.
        const next = max === 1 ? [result.key] : [...latest.current.filter((k) => k !== result.key), result.key];
        // Kept at once, not at the next render: files chosen together can finish before it, and
        // each must add to the keys the previous one left.
        latest.current = next.slice(0, max);
        onChange?.(latest.current);
      })
      .catch((error: unknown) => {
        onError?.(error as Error);
        toastError(error);
      })
      .finally(() => {
        pending.current -= 1;
        setUploading((n) => n - 1);
      });
  };

  return (
    <div data-testid={testId}>
      <Upload
        listType="picture-card"
        accept={ACCEPTED.join(",")}
        fileList={fileList}
        maxCount={max}
        multiple={max > 1}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={(file) => {
          setNotice(null);
          onChange?.(keys.filter((k) => k !== file.uid));
          return false;
        }}
        onPreview={(file) => {
          if (file.url) window.open(file.url, "_blank", "noopener");
        }}
      >
        {keys.length < max ? (
          <button type="button" style={{ border: 0, background: "none", cursor: "pointer" }}>
            {uploading > 0 ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>{uploading > 0 ? t("upload.uploading") : t("upload.button")}</div>
          </button>
        ) : null}
      </Upload>
      {notice && (
        <Typography.Paragraph type="danger" role="alert" className="image-upload-notice">
          {notice}
        </Typography.Paragraph>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("upload.hint", { size: maxSize })}
      </Typography.Text>
    </div>
  );
}

/** A small thumbnail of a stored image, for table cells. */
export function ImageThumb({ imageKey, alt }: { imageKey: string | undefined; alt: string }) {
  if (!imageKey) return null;
  return (
    <img
      src={imageUrl(imageKey)}
      alt={alt}
      width={40}
      height={40}
      style={{ objectFit: "cover", borderRadius: 4, display: "block" }}
      loading="lazy"
    />
  );
}
