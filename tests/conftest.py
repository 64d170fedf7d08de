"""Shared test configuration: hypothesis profiles (fewer examples under CI=true; ``fuzz`` for the long
untrusted-input run of tests/test_fuzz_untrusted.py, see docs/state-json.md)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "100000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
settings.load_profile("ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
