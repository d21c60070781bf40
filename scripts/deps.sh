#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages DrawingBoard builds and tests with, when any is missing.
# Sourced by scripts/run and scripts/test; safe to run again (installs nothing when all are there).
set -euo pipefail

# Building and running.
DRAWINGBOARD_PACKAGES=(
    pkg-config
    libsdl2-dev
    libsdl2-image-dev
    libxi-dev
    libcairo2-dev
    zlib1g-dev
    libpango1.0-dev
    librsvg2-dev
    libpoppler-glib-dev
    libqpdf-dev
    libwebp-dev
    libglib2.0-dev
    libxml2-dev
    fonts-dejavu-core
    zenity
    libdecor-0-plugin-1-cairo
)

# The end-to-end tests: a virtual X server, input and screenshots, a Wayland compositor,
# rasterisers that read the SVG and PDF exports back, a private D-Bus with a stand-in portal,
# and the validators for the desktop entry, the metainfo and the flatpak manifest.
DRAWINGBOARD_TEST_PACKAGES=(
    xvfb
    xdotool
    libxtst-dev
    xclip
    wl-clipboard
    time
    x11-apps
    x11-utils
    weston
    wayland-protocols
    librsvg2-bin
    poppler-utils
    dbus
    python3-gi
    make
    desktop-file-utils
    appstream
    flatpak-builder
)

drawingboard_install_missing() {
    local missing=()
    for pkg in "${DRAWINGBOARD_PACKAGES[@]}" "$@"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "Installing missing packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
}

if ! command -v swift >/dev/null 2>&1; then
    echo "swift is not on PATH: install Swift 6 (https://www.swift.org/install/linux/) and try again." >&2
    exit 1
fi
