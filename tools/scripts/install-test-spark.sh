#!/usr/bin/env bash
# Installs the Spark that the Spark tests start (libs/test-spark): pyspark from PyPI, which
# carries Spark's jars (the spark-connect server jar included since 4.0) and bin/spark-submit,
# into a folder of a cache outside the repository (pip --target: no virtual environment needed).
# Does nothing when it is there. The first Spark test run of a machine calls it (through
# libs/test-spark), as does .ci/run; several callers at once wait for one install.
# Needs python3 with pip, and Java 17 to run it. Usage: tools/scripts/install-test-spark.sh
set -euo pipefail
version=4.0.5 # keep in step with TEST_SPARK_VERSION in libs/test-spark/src/spark-install.ts
cache=${PIPELINE_TEST_SPARK_CACHE:-$HOME/.cache/pipeline-test-spark}
target=$cache/pyspark-$version
if [ -x "$target/pyspark/bin/spark-submit" ]; then
  exit 0
fi
mkdir -p "$cache"
# One install at a time: a second caller waits here, then finds the first one's result.
exec 9>"$cache/.install-$version.lock"
flock 9
if [ -x "$target/pyspark/bin/spark-submit" ]; then
  exit 0
fi
rm -rf "$target.partial"
echo "installing pyspark $version (Spark for the Spark tests, about 430 MB, once) into $target" >&2
# pip --target writes only into the cache folder, so Debian's "externally managed" guard may pass.
# pip keeps the downloaded archive (about 430 MB) and the wheel it builds in its own cache, so
# a reinstall does not download it again.
PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --no-input --disable-pip-version-check --target "$target.partial" "pyspark==$version"
# Only a complete install gets the final name: an interrupted one is started over.
mv "$target.partial" "$target"
echo "installed pyspark $version in $target"
