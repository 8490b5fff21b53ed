import { LOCKED_PERMISSION_KEYS, PERMISSION_TREE, type PermissionLeafKey } from "@washboard/shared";
import { Tag, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useTranslation } from "react-i18next";
import { withLockedKeys } from "./locked-keys";

const OPTIONAL = new Set<string>(PERMISSION_TREE.flatMap((g) => ("optional" in g ? [...g.optional] : [])));

/**
 * The §6 permission tree as a checkbox tree. Locked keys are checked and cannot be cleared; keys
 * only some product variants show are marked, and those the vendor's variant hides (`hidden`) are
 * left out; `grantable` (a level-4 editor's own keys) limits what may be checked.
 */
export function PermissionTree(props: {
  value?: string[];
  onChange?: (keys: string[]) => void;
  grantable?: ReadonlySet<string> | null;
  hidden?: readonly string[];
}) {
  const { t } = useTranslation();
  const checked = withLockedKeys(props.value ?? []);
  const treeData: DataNode[] = PERMISSION_TREE.map((group) => ({
    key: group.key,
    title: t(`permissions.${group.key}`),
    children: group.leaves
      .filter((leaf: PermissionLeafKey) => !props.hidden?.includes(leaf))
      .map((leaf: PermissionLeafKey) => {
        const locked = LOCKED_PERMISSION_KEYS.has(leaf);
        const outOfReach = !locked && props.grantable != null && !props.grantable.has(leaf);
        return {
          key: leaf,
          disableCheckbox: locked || outOfReach,
          title: (
            <span data-testid={`perm-${leaf}`}>
              {t(`permissions.${leaf}`)}
              {locked && (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t("roles.locked")}
                </Tag>
              )}
              {OPTIONAL.has(leaf) && <Tag style={{ marginInlineStart: 8 }}>{t("roles.variantOnly")}</Tag>}
            </span>
          ),
        };
      }),
  }));
  return (
    <div data-testid="permission-tree">
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
          props.onChange?.(withLockedKeys(list));
        }}
        style={{ maxHeight: 420, overflow: "auto" }}
      />
    </div>
  );
}
