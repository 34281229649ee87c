# Builds the `plyforge` UCI engine. `make EXE=path` puts the binary at `path` (the OpenBench
# convention, so that an OpenBench client can build and test the engine).

EXE ?= plyforge

.PHONY: all
all:
	cargo build --release -p plyforge-uci --bin plyforge
	cp target/release/plyforge $(EXE)
