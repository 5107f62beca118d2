export type MessageTree = { [key: string]: string | MessageTree };

/** Deep merge of message catalogues; later ones win key by key, so app texts may refine react-admin's. */
export const mergeMessages = (...trees: MessageTree[]): MessageTree => {
  const out: MessageTree = {};
  for (const tree of trees)
    for (const [key, value] of Object.entries(tree)) {
      const existing = out[key];
      out[key] =
        typeof value === 'object' && typeof existing === 'object' ? mergeMessages(existing, value) : value;
    }
  return out;
};

/** Flattened keys of a catalogue, each as its dotted path. */
export const flatKeys = (tree: MessageTree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatKeys(value, `${prefix}${key}.`),
  );

export const lookup = (tree: MessageTree, key: string): string | undefined => {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};
