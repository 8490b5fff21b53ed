import { LoadingOutlined, UploadOutlined } from "@ant-design/icons";
import { API, formatFileSize, LIMITS, UPLOAD_FILE_FIELD } from "@washboard/shared";
import { Button, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { upload } from "../../app/api/client";
import { toastError } from "../../app/feedback/toast";

interface FirmwareFileUploadProps {
  /** The uploaded file's key (the form value). */
  value?: string | null;
  onChange?: (fileKey: string) => void;
  /** The file the package has now (editing), whose size and hash show until another is chosen. */
  current: { size: number; sha256: string } | null;
}

/**
 * A package's firmware file, uploaded to this install as soon as it is chosen: the form keeps its
 * key, and shows the size and SHA-256 the server found (machines check their download against
 * them). Files above the upload limit are refused here before a byte is sent, and by the server.
 */
export function FirmwareFileUpload({ value, onChange, current }: FirmwareFileUploadProps) {
  const { t, i18n } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [facts, setFacts] = useState(current);
  const maxSize = formatFileSize(LIMITS.uploadFirmwareMaxBytes, i18n.language);

  return (
    <div data-testid="ota-file">
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          setNotice(null);
          if (file.size > LIMITS.uploadFirmwareMaxBytes) {
            setNotice(t("upload.fileTooLarge", { size: maxSize }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading(true);
          upload(API.ota.uploadFirmware, file as Blob, { fileField: UPLOAD_FILE_FIELD })
            .then((result) => {
              onSuccess?.(result);
              setFacts(result);
              onChange?.(result.file_key);
            })
            .catch((error: unknown) => {
              onError?.(error as Error);
              toastError(error);
            })
            .finally(() => setUploading(false));
        }}
      >
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
          {uploading ? t("upload.uploading") : t("ota.chooseFile")}
        </Button>
      </Upload>
      {value && facts && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="ota-file-facts">
          {t("ota.uploadedFacts", { size: formatFileSize(facts.size, i18n.language), sha256: facts.sha256 })}
        </Typography.Paragraph>
      )}
      {notice && (
        <Typography.Paragraph type="danger" role="alert">
          {notice}
        </Typography.Paragraph>
      )}
    </div>
  );
}
