"""Research adapters: the games as OpenSpiel, PettingZoo and Gymnasium environments.

The core package needs no third-party numerics; these modules do (numpy, and each framework for its own
adapter: ``pip install 'masterbuilder[interop]'``, or the extra named after the adapter); without them the
import fails with a :class:`masterbuilder.extras.MissingExtra` naming the extra. Import the submodule you
need, e.g.
``masterbuilder.interop.observation`` for the shared tensor encoding of what a seat sees.
"""
