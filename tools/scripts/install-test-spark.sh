#!/usr/bin/env bash
# Installs the Spark that the Spark tests start (libs/test-spark): pyspark from PyPI, which
# carries Spark's jars (the spark-connect server jar included since 4.0) and bin/spark-submit,
# into a folder of a cache outside the repository (pip --target: no virtual environment needed). Does nothing when it is there.
# Needs python3 with pip, and Java 17 to run it. Usage: tools/scripts/install-test-spark.sh
set -euo pipefail
version=4.0.5 # keep in step with TEST_SPARK_VERSION in libs/test-spark/src/spark-install.ts
cache=${PIPELINE_TEST_SPARK_CACHE:-$HOME/.cache/pipeline-test-spark}
target=$cache/pyspark-$version
if [ -x "$target/pyspark/bin/spark-submit" ]; then
  exit 0
fi
mkdir -p "$cache"
rm -rf "$target.partial"
# pip keeps the downloaded archive (about 430 MB) and the wheel it builds in its own cache, so
# a reinstall does not download it again.
python3 -m pip install --no-input --disable-pip-version-check --target "$target.partial" "pyspark==$version"
# Only a complete install gets the final name: an interrupted one is started over.
mv "$target.partial" "$target"
echo "installed pyspark $version in $target"
