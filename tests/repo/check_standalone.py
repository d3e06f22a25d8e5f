#!/usr/bin/env python3
"""Test: the repository stands on its own.

No tracked text file may refer to material outside the checkout: the
reference folder that sits beside some developers' clones (its name is
spelled ".." + "/shared" below so that this file does not match itself),
the documents that live there (cited here by their file names), an
environment variable pointing at it, or an absolute path of one machine
(a home or work folder). Tests read their data from tests/data
(tests/common/golden.hpp); code comments cite docs/. The CI runs with the
reference folder beside the clone, so only this check catches a regression.

It also checks that every citation of a section of our docs resolves:
"docs/<name>.md#<anchor>" anywhere, the "#<anchor>, #<anchor>" lists that follow such
a citation, and links between the files of docs/. An anchor is an explicit
<a id="..."> or a heading's GitHub slug.

Binary files and the fuzz corpora (generated inputs) are not searched.

  check_standalone.py SOURCE_ROOT
"""
import os
import re
import subprocess
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")

RULES = [
    (re.compile(r"\.\./" + "shared" + r"\b"), "the reference folder beside the clone"),
    (re.compile(r"\b" + "shared" + r"/(spec|provider-schemas)\b"), "the reference folder beside the clone"),
    (re.compile("DYNVAL_" + "SHARED_DIR"), "an environment variable naming the reference folder"),
    (re.compile(r"\b(gocty-" + "compat|object-wire-" + r"format)(\.md)?\b"),
     "a reference document outside the repository (cite docs/gocty-behaviour.md or docs/wire-format.md)"),
    (re.compile(r"\b(DESIGN|STYLE|DEPENDENCIES)\.md\b|\bDESIGN \""),
     "a reference document outside the repository (cite a file under docs/)"),
    (re.compile(r"\bcompat( section)? \d|\u00a7 ?\d"),
     "a section number of a reference document outside the repository (cite a section of docs/gocty-behaviour.md)"),
    (re.compile(r"(?<![\w.~$}])/(work|home|Users|root)/"), "an absolute path of one machine"),
]

SKIP_PREFIXES = ("tests/fuzz/corpus/",)


def tracked_files():
    if os.path.isdir(os.path.join(root, ".git")) or os.path.isfile(os.path.join(root, ".git")):
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             stdout=subprocess.PIPE).stdout
        return [p for p in out.decode().split("\0") if p]
    # Not a git checkout (a release tarball): every file but build folders.
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".") and
                   not os.path.isdir(os.path.join(d, x, "meson-private"))]
        files += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return files


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors_of(rel):
    path = os.path.join(root, rel)
    if not os.path.isfile(path):
        return None
    text = open(path, encoding="utf-8").read()
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    found |= {slug(h) for h in re.findall(r"^#+ (.*)$", text, re.M)}
    return found


CITE = re.compile(r"\b(docs/[\w.-]+\.md)(#[\w-]+)?")
MORE = re.compile(r"(?:[,(]|\bto|//|\*) ?#([a-z][a-z0-9]*(?:-[a-z0-9]+)+|[a-z]{4,})\b")
LINK = re.compile(r"\]\(([\w.-]*\.md)?#([\w-]+)\)")


def check_citations(rel, lines):
    """Yields a message per citation of a docs/ section that does not resolve."""
    cited = None  # (doc, line number) of the last docs/ citation
    for no, line in enumerate(lines, 1):
        for m in CITE.finditer(line):
            doc, anchor = m.group(1), m.group(2)
            anchors = anchors_of(doc)
            if anchors is None:
                yield no, f"cites {doc}, which does not exist"
                continue
            cited = (doc, no)
            if anchor and anchor[1:] not in anchors:
                yield no, f"cites {doc}{anchor}, which has no such section"
        if cited and no - cited[1] <= 1 and not rel.startswith("docs/"):
            rest = line if no > cited[1] else line[line.find(cited[0]) + len(cited[0]):]
            for m in MORE.finditer(rest):
                if m.group(1) not in anchors_of(cited[0]):
                    yield no, f"cites #{m.group(1)} of {cited[0]}, which has no such section"
        if rel.startswith("docs/") and rel.endswith(".md"):
            for m in LINK.finditer(line):
                doc = "docs/" + m.group(1) if m.group(1) else rel
                anchors = anchors_of(doc)
                if anchors is None or m.group(2) not in anchors:
                    yield no, f"links to {doc}#{m.group(2)}, which does not exist"


def main():
    hits = 0
    searched = 0
    for rel in sorted(tracked_files()):
        if rel.startswith(SKIP_PREFIXES):
            continue
        path = os.path.join(root, rel)
        if not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data[:8192]:
            continue  # binary
        searched += 1
        text = data.decode("utf-8", errors="replace")
        lines = text.splitlines()
        for no, line in enumerate(lines, 1):
            for rx, why in RULES:
                if rx.search(line):
                    print(f"{rel}:{no}: {why}: {line.strip()[:160]}")
                    hits += 1
        for no, why in check_citations(rel, lines):
            print(f"{rel}:{no}: {why}")
            hits += 1
    if searched < 100:
        print(f"FAIL: only {searched} files searched under {root}; wrong folder?")
        return 1
    if hits:
        print(f"FAIL: {hits} reference(s) to material outside the repository or to missing sections")
        return 1
    print(f"OK: {searched} files refer to nothing outside the repository")
    return 0


sys.exit(main())
