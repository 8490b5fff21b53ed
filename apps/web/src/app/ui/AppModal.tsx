import { LAYOUT } from "@washboard/shared";
import { Modal, type ModalProps } from "antd";
import { useMediaQuery } from "./useMediaQuery";

/** Spec §2: dialogs are 95% wide at or below 750 px, otherwise 50%. */
export function useDialogWidth(): string {
  return useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`) ? "95%" : "50%";
}

export function AppModal(props: ModalProps) {
  const width = useDialogWidth();
  return <Modal width={width} destroyOnHidden {...props} />;
}
