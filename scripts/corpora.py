"""The shared inputs the measuring and checking scripts cut into records."""
import os


def html5lib_inputs(folder):
    """The #data sections of html5lib's tree-construction tests."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".dat"):
            continue
        lines = open(os.path.join(folder, name), encoding="utf-8", errors="replace").read()
        data, inside = [], False
        for line in lines.split("\n"):
            if line == "#data":
                inside, data = True, []
            elif line.startswith("#") and inside:
                yield "\n".join(data)
                inside = False
            elif inside:
                data.append(line)


def progit_chapters(path):
    """progit.md cut at its top-level headings."""
    chapter = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("# ") and chapter:
            yield "".join(chapter)
            chapter = []
        chapter.append(line)
    if chapter:
        yield "".join(chapter)
