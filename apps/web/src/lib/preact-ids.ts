import { options, type VNode } from 'preact';

/** Attributes that hold an element id, under the prop names the app writes them with. */
const ID_PROPS: readonly (readonly [prop: string, attribute: string])[] = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-controls', 'aria-controls'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-errormessage', 'aria-errormessage'],
  ['aria-owns', 'aria-owns'],
  ['headers', 'headers'],
  ['list', 'list'],
];

/**
 * `useId` gives different ids on React's server and in the browser's Preact (ADR 061), and hydration keeps the server's
 * attributes as they are: a label, an input's description or a listbox made after hydration would point to an id no
 * element has. So each element Preact reaches takes the ids it renders with; after hydration they are equal already.
 * (A vnode's element is `__e` in Preact's published builds.)
 */
export function adoptRenderedIds(): void {
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    const element = (vnode as VNode & { __e?: unknown }).__e;
    if (typeof vnode.type === 'string' && element instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const [prop, attribute] of ID_PROPS) {
        const value = props[prop];
        if (typeof value === 'string' && element.getAttribute(attribute) !== value)
          element.setAttribute(attribute, value);
      }
    }
    previous?.(vnode);
  };
}
