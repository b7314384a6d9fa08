"""Build of the compiled matching core (swisspair.matching._matchcore); everything else is in pyproject.toml.

The extension is optional at run time: swisspair.matching.cores falls back to
its pure-Python core, which gives the same answers, when it cannot be imported.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "swisspair.matching._matchcore",
            sources=["src/swisspair/matching/_matchcore.c"],
            # Without a C compiler the install goes on and swisspair runs on the pure-Python core
            # (tests/test_matching_cores.py fails then, so that a test environment cannot miss it).
            optional=True,
        ),
    ],
)
