#!/usr/bin/env bash
# Prints the first python3 that can import torch and numpy (a pyenv shim may stand before Debian's), or fails.
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" > /dev/null && "$candidate" -c 'import torch, numpy' 2> /dev/null; then
    command -v "$candidate"
    exit 0
  fi
done
echo 'no python3 with torch and numpy: apt-get install -y python3-torch python3-numpy' >&2
exit 1
