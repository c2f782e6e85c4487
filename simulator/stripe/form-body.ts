/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with brackets for nesting
 * (`metadata[purchase_id]=…`, `automatic_payment_methods[enabled]=true`, `expand[0]=…`). This reads them back into
 * plain objects, the way Stripe's API does. Keys go into null-prototype objects, so `__proto__` is just a key.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export function parseFormBody(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/[[\]]+/).filter((segment) => segment !== '');
    if (path.length === 0) continue;
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      if (typeof next === 'object') {
        node = next;
      } else {
        const created = Object.create(null) as FormObject;
        node[segment] = created;
        node = created;
      }
    }
    node[path.at(-1)!] = value;
  }
  return root;
}

/** A nested value as text, or undefined. */
export function formText(body: FormObject, ...path: string[]): string | undefined {
  let value: FormValue | undefined = body;
  for (const segment of path) {
    if (typeof value !== 'object') return undefined;
    value = value[segment];
  }
  return typeof value === 'string' ? value : undefined;
}
