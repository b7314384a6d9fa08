"""``python -m swisspair``: the same as the ``swisspair`` command."""

from swisspair.cli import main

if __name__ == "__main__":
    main()
