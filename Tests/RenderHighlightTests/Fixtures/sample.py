import os

# Lists a directory.
def listing(path="."):
    for name in sorted(os.listdir(path)):
        if name.startswith("_"):
            continue
        print(name, 1024)
    return None
