import { FullscreenExitOutlined, FullscreenOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastWarning } from "../feedback/toast";

/** Spec §2: full-screen toggle, with a warning where the browser cannot do it. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [active, setActive] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      toastWarning("layout.fullscreenUnsupported");
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      toastWarning("layout.fullscreenUnsupported");
    }
  };
  const label = t(active ? "layout.exitFullscreen" : "layout.fullscreen");
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
