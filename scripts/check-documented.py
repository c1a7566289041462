#!/usr/bin/env python3
"""Fails listing every public symbol of the named modules, declared in the sources, that has no doc comment.

Usage: check-documented.py GRAPHS_DIR SOURCES_DIR MODULE...; GRAPHS_DIR/<MODULE>/ holds the module's symbol
graphs. Symbols declared elsewhere (the standard library's default implementations, synthesized members)
are not ours to document and are skipped.
"""
import glob
import json
import os
import sys


def undocumented(graphs, sources, module):
    found = set()
    for path in glob.glob(os.path.join(graphs, module, "*.symbols.json")):
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            if symbol.get("accessLevel") not in ("public", "open") or sources not in uri:
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            where = uri.split(sources + "/", 1)[1] + ":" + str(symbol["location"]["position"]["line"] + 1)
            found.add(f"{where}: {'.'.join(symbol['pathComponents'])}")
    return found


def main():
    graphs, sources, modules = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3:]
    missing, counted = [], 0
    for module in modules:
        if not glob.glob(os.path.join(graphs, module, "*.symbols.json")):
            sys.exit(f"no symbol graph for {module} in {graphs}")
        counted += 1
        missing += sorted(undocumented(graphs, sources, module))
    if missing:
        print(f"{len(missing)} public symbols have no doc comment (a one-sentence /// each):", file=sys.stderr)
        for line in missing:
            print("  " + line, file=sys.stderr)
        sys.exit(1)
    print(f"every public symbol of {', '.join(modules)} is documented")


if __name__ == "__main__":
    main()
