"""Form bodies in bracket notation, as the `qs` library writes them, turned into nested data:
`cartItems[0][product_id]=3&shippingInfo[shipping_name]=Li` -> {"cartItems": [{"product_id": "3"}],
"shippingInfo": {"shipping_name": "Li"}}."""

import re

_PART = re.compile(r"\[([^\[\]]*)\]")
MAX_INDEX = 500


def unflatten(flat) -> dict:
    root: dict = {}
    for key in list(flat.keys()):
        value = flat[key]
        head, _, rest = key.partition("[")
        path = [head, *_PART.findall("[" + rest)] if rest else [head]
        node = root
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
        node[path[-1]] = value
    return _lists(root)


def _lists(node):
    if not isinstance(node, dict):
        return node
    node = {k: _lists(v) for k, v in node.items()}
    if node and all(k.isdigit() and int(k) < MAX_INDEX for k in node):
        return [node[k] for k in sorted(node, key=int)]
    return node
