"""Cut the part of Stripe's OpenAPI description (stripe/openapi openapi/spec3.json) that the fake
Stripe and its checks use."""

import json
import sys

spec = json.load(open(sys.argv[1]))
S = spec["components"]["schemas"]


def prune(o):
    """Expandable fields as the API answers them unexpanded: the id string (x-expansionResources)."""
    if isinstance(o, dict):
        if "x-expansionResources" in o and "anyOf" in o:
            strings = [a for a in o["anyOf"] if a.get("type") == "string"]
            o = {k: v for k, v in o.items() if k not in ("anyOf", "x-expansionResources")}
            o.update(strings[0] if strings else {})
            return o
        return {k: prune(v) for k, v in o.items()}
    if isinstance(o, list):
        return [prune(v) for v in o]
    return o


def refs(o, acc):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "$ref":
                acc.add(v.split("/")[-1])
            else:
                refs(v, acc)
    elif isinstance(o, list):
        for v in o:
            refs(v, acc)


PATHS = {
    "/v1/checkout/sessions": ["post"],
    "/v1/checkout/sessions/{session}": ["get"],
    "/v1/checkout/sessions/{session}/expire": ["post"],
    "/v1/refunds": ["post"],
    "/v1/refunds/{refund}": ["get"],
}
out_paths = {}
start = set()
for path, methods in PATHS.items():
    out_paths[path] = {m: prune(spec["paths"][path][m]) for m in methods}
    refs(out_paths[path], start)
start |= {"event"}
seen, todo, schemas = set(), list(start), {}
while todo:
    n = todo.pop()
    if n in seen:
        continue
    seen.add(n)
    schemas[n] = prune(S[n])
    acc = set()
    refs(schemas[n], acc)
    todo.extend(acc - seen)
out = {
    "openapi": spec["openapi"],
    "info": spec["info"],
    "paths": out_paths,
    "components": {"schemas": dict(sorted(schemas.items()))},
}
json.dump(out, open(sys.argv[2], "w"), separators=(",", ":"))
print(len(schemas), len(json.dumps(out)))
