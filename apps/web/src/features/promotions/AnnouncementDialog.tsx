import { ANNOUNCEMENT_LIMITS, type AnnouncementItem, API, POPUP_ANIMATIONS, POPUP_SKINS } from "@washboard/shared";
import { Col, Form, Input, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { AnnouncementPreview } from "./AnnouncementPreview";
import {
  type AnnouncementForm,
  announcementFieldRules,
  announcementPeriodIssue,
  toAnnouncementBody,
  toAnnouncementForm,
} from "./announcement-form";
import { animationLabel, skinLabel } from "./labels";
import { PeriodField } from "./PeriodField";
import { ShopsField } from "./ScopeFields";

/**
 * Create (announcement null) or edit an announcement: what the popup says and how it looks, with
 * the pay page's own popup previewed beside the fields, then its period in the vendor's time zone
 * and its shops. Every field is checked by the server's rules.
 */
export function AnnouncementDialog(props: {
  announcement: AnnouncementItem | null;
  timeZone: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { announcement, timeZone } = props;
  const [form] = Form.useForm<AnnouncementForm>();
  const initial = toAnnouncementForm(announcement, timeZone);
  // What the preview draws: the fields as typed (each watched value is undefined until mounted).
  const title = Form.useWatch("title", form) ?? initial.title;
  const body = Form.useWatch("body", form) ?? initial.body;
  const buttonText = Form.useWatch("button_text", form) ?? initial.button_text;
  const skin = Form.useWatch("skin", form) ?? initial.skin;
  const animation = Form.useWatch("animation", form) ?? initial.animation;

  return (
    <EntityDialog
      form={form}
      record={announcement}
      create={API.promotions.createAnnouncement}
      modify={API.promotions.modifyAnnouncement}
      createBody={(values: AnnouncementForm) => toAnnouncementBody(values, timeZone)}
      modifyBody={(values: AnnouncementForm, editing) => ({ ...toAnnouncementBody(values, timeZone), id: editing.id })}
      initialValues={initial}
      titleKeys={{ add: "promotions.announcements.add", edit: "promotions.announcements.edit" }}
      name="announcement"
      testId="announcement-form"
      onClose={props.onClose}
    >
      <Row gutter={16}>
        <Col xs={24} lg={13}>
          <Form.Item
            name="title"
            label={t("promotions.announcements.fields.title")}
            rules={[zodRule(announcementFieldRules.title)]}
          >
            <Input maxLength={ANNOUNCEMENT_LIMITS.title} data-testid="announcement-title-input" />
          </Form.Item>
          <Form.Item
            name="body"
            label={t("promotions.announcements.fields.body")}
            extra={t("promotions.announcements.bodyHint")}
            rules={[zodRule(announcementFieldRules.body)]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={ANNOUNCEMENT_LIMITS.body}
              data-testid="announcement-body-input"
            />
          </Form.Item>
          <Form.Item
            name="button_text"
            label={t("promotions.announcements.fields.buttonText")}
            extra={t("promotions.announcements.buttonTextHint")}
            rules={[zodRule(announcementFieldRules.button_text)]}
          >
            <Input maxLength={ANNOUNCEMENT_LIMITS.buttonText} data-testid="announcement-button-input" />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="skin"
                label={t("promotions.announcements.fields.skin")}
                rules={[zodRule(announcementFieldRules.skin)]}
              >
                <Select
                  options={POPUP_SKINS.map((value) => ({ value, label: skinLabel(value) }))}
                  data-testid="announcement-skin"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="animation"
                label={t("promotions.announcements.fields.animation")}
                rules={[zodRule(announcementFieldRules.animation)]}
              >
                <Select
                  options={POPUP_ANIMATIONS.map((value) => ({ value, label: animationLabel(value) }))}
                  data-testid="announcement-animation"
                />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={11}>
          <AnnouncementPreview content={{ title, body, button_text: buttonText, skin, animation }} />
        </Col>
        <PeriodField
          testId="announcement"
          hint={t("promotions.announcements.periodHint", { zone: timeZone })}
          issueOf={(period) => announcementPeriodIssue(period, timeZone)}
        />
        <ShopsField testId="announcement" md={24} />
      </Row>
    </EntityDialog>
  );
}
