"""Build of the compiled matching core (swisspair.pairing._matchcore); everything else is in pyproject.toml.

The extension is optional at run time: swisspair.pairing.matching falls back to
its pure-Python core, which gives the same answers, when it cannot be imported.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "swisspair.pairing._matchcore",
            sources=["src/swisspair/pairing/_matchcore.c"],
            extra_compile_args=["-O2"],
        ),
    ],
)
