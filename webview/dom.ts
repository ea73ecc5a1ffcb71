/** A tiny element builder: the report renders from data, never from HTML strings, so no cell can inject markup. */

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Record<string, string | boolean | undefined>,
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K];
export function h(
  tag: string,
  attrs?: Record<string, string | boolean | undefined>,
  ...children: (Child | Child[])[]
): HTMLElement;
export function h(
  tag: string,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Child | Child[])[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}
