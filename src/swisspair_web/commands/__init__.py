"""The manager's commands of the ``swisspair`` command line (``serve``, ``worker``): the core's command line
lists them and imports them only when one runs, so that the core never imports this package."""
