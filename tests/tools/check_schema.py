#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validate JSON files against doc/clyde.schema.json (python3-jsonschema).

usage: check_schema.py SCHEMA LABEL=FILE...

Prints "ok schema: LABEL" or "FAIL schema: LABEL: where: why" for each
file, the lines tests/run.sh counts; "skip schema: why" (and nothing
else) without the jsonschema module. A LABEL starting with "!" must NOT
validate: the schema's own test that it can refuse.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("skip schema: no python3 jsonschema module (.ci/run installs "
          "python3-jsonschema)")
    sys.exit(0)


def where(error):
    return "/".join(str(p) for p in error.absolute_path) or "(top)"


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    for arg in sys.argv[2:]:
        label, path = arg.split("=", 1)
        refuse = label.startswith("!")
        label = label.lstrip("!")
        try:
            doc = json.load(open(path))
        except (OSError, ValueError) as e:
            print("FAIL schema: %s: %s" % (label, e))
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if refuse:
            print(("ok schema refuses %s" if errors else
                   "FAIL schema refuses %s: it validated") % label)
        elif errors:
            # The deepest reason of the first error, one line.
            e = errors[0]
            while e.context:
                e = min(e.context, key=lambda c: -len(list(c.absolute_path)))
            print("FAIL schema: %s: %s: %s" % (label, where(e),
                                               " ".join(e.message.split())[:300]))
        else:
            print("ok schema: " + label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
