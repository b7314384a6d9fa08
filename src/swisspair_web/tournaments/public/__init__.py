"""The public pages: what anyone may see of an event (its pages, JSON, printable lists and files), built
from :mod:`..reads` for a visitor (an arbiter of the event sees more on the same page), served by the
application with HTTP caching (:mod:`.caching`) and rendered to files when they change (:mod:`.changes`
notices a change, :mod:`.render` renders, :mod:`.store` keeps the files, :mod:`.serve` answers them)."""
