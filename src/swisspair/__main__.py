"""``python -m swisspair``: the same as the ``swisspair`` command."""

from swisspair.console import main

if __name__ == "__main__":
    main()
