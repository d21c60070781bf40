# Build and install DrawingBoard. `make install PREFIX=... DESTDIR=...` lays out exactly what
# the flatpak build puts under /app: bin/, share/applications/, share/metainfo/,
# share/icons/hicolor/..., share/mime/packages/ (the notebook types it opens), and
# share/drawingboard/ (the assets the binary finds relative to itself). `make install-user`
# installs to ~/.local so the app shows in the desktop's menu.

APP_ID        = io.github.drawingboard.DrawingBoard
PREFIX       ?= /usr/local
DESTDIR      ?=
CONFIGURATION ?= release
# The Swift runtime is linked in, so the installed binary runs without a Swift toolchain.
SWIFT_FLAGS  ?= --static-swift-stdlib

# BIN=path installs an already-built binary (the tests install their debug build this way).
ifeq ($(origin BIN), undefined)
BIN          := .build/$(CONFIGURATION)/drawingboard
INSTALL_DEPS := build
endif

SHARE = $(DESTDIR)$(PREFIX)/share

.PHONY: build install install-user uninstall

build:
	swift build -c $(CONFIGURATION) --product drawingboard $(SWIFT_FLAGS)

install: $(INSTALL_DEPS)
	install -Dm755 $(BIN) $(DESTDIR)$(PREFIX)/bin/drawingboard
	install -Dm644 Packaging/$(APP_ID).desktop $(SHARE)/applications/$(APP_ID).desktop
	install -Dm644 Packaging/$(APP_ID).metainfo.xml $(SHARE)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 Packaging/$(APP_ID).mime.xml $(SHARE)/mime/packages/$(APP_ID).xml
	install -Dm644 Packaging/icons/$(APP_ID).svg $(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg
	for size in 128 256 512; do \
		install -Dm644 Packaging/icons/$(APP_ID)-$$size.png $(SHARE)/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; \
	done
	install -d $(SHARE)/drawingboard/icons/ui $(SHARE)/drawingboard/examples
	install -m644 Assets/icons/ui/*.svg $(SHARE)/drawingboard/icons/ui/
	install -d $(SHARE)/drawingboard/stickers
	install -m644 Assets/stickers/*.svg $(SHARE)/drawingboard/stickers/
	install -m644 Assets/examples/*.json $(SHARE)/drawingboard/examples/
	@if [ -z "$(DESTDIR)" ]; then \
		command -v update-desktop-database >/dev/null && update-desktop-database -q $(SHARE)/applications || true; \
		command -v update-mime-database >/dev/null && update-mime-database $(SHARE)/mime || true; \
		command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t $(SHARE)/icons/hicolor || true; \
	fi

install-user:
	$(MAKE) install PREFIX=$(HOME)/.local DESTDIR=

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/drawingboard $(SHARE)/applications/$(APP_ID).desktop \
		$(SHARE)/metainfo/$(APP_ID).metainfo.xml $(SHARE)/icons/hicolor/scalable/apps/$(APP_ID).svg \
		$(SHARE)/mime/packages/$(APP_ID).xml
	for size in 128 256 512; do rm -f $(SHARE)/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; done
	rm -rf $(SHARE)/drawingboard
