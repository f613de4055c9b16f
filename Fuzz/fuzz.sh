#!/usr/bin/env bash
# The libFuzzer harnesses of Fuzz/Harnesses, built with the toolchain's
# `swiftc -sanitize=fuzzer,address` into .build-fuzz/ (see Docs/Security.md).
#
#   Fuzz/fuzz.sh build                        build the libraries and every harness
#   Fuzz/fuzz.sh run NAME SECONDS [OPTION…]   fuzz NAME for SECONDS (0: until stopped) from its
#                                             committed corpus; new inputs go to .build-fuzz/corpus/NAME
#   Fuzz/fuzz.sh ci SECONDS                   every harness for SECONDS each; fails on any finding
#   Fuzz/fuzz.sh merge NAME DIRECTORY…        add to NAME's committed corpus the inputs of the
#                                             directories that reach code it does not
#   Fuzz/fuzz.sh seeds                        rewrite the written seeds (seed-*) of the committed
#                                             corpora (Fuzz/Corpus); inputs found by fuzzing stay
#
# Harnesses: archive-bytes, archive-checksummed, archive-json, secure-decode, request-parser.
# Every run has the same limits: 2 GiB of RSS and of any one allocation, 10 s per input. A
# finding (crash, leak, timeout, out-of-memory) is written to .build-fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-fuzz
harnesses=(archive-bytes archive-checksummed archive-json secure-decode request-parser)
limits=(-rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10)
# Frames stay on the real stack, as in production: the library's stack guard measures it.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=0}
swift_flags=(-sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld)

# The Swift files of a harness, after the library it links: GraphCodable (archives) or
# GraphHTTP1 (the service's pure HTTP/1.1 and upload parsers).
sources() {
    local shared=(Fuzz/Harnesses/SeedWriter.swift)
    local archives=(Fuzz/Harnesses/ArchiveInspection.swift Fuzz/Harnesses/SeedArchives.swift Fuzz/Harnesses/FuzzModel.swift
        Fuzz/Harnesses/FuzzCodableModel.swift Fuzz/Harnesses/Checksummed.swift)
    case $1 in
        archive-bytes) echo GraphCodable Fuzz/Harnesses/ArchiveBytes.swift "${archives[@]}" "${shared[@]}" ;;
        archive-checksummed) echo GraphCodable Fuzz/Harnesses/ArchiveChecksummed.swift "${archives[@]}" "${shared[@]}" ;;
        archive-json) echo GraphCodable Fuzz/Harnesses/ArchiveJSONForm.swift "${archives[@]}" "${shared[@]}" ;;
        secure-decode) echo GraphCodable Fuzz/Harnesses/SecureDecode.swift "${archives[@]}" "${shared[@]}" ;;
        request-parser) echo GraphHTTP1 Fuzz/Harnesses/RequestParsing.swift "${shared[@]}" ;;
        *) echo "unknown harness $1 (${harnesses[*]})" >&2; exit 2 ;;
    esac
}

dictionary() {
    case $1 in
        archive-json) echo Fuzz/Dictionaries/json.dict ;;
        request-parser) echo Fuzz/Dictionaries/http.dict ;;
        *) echo Fuzz/Dictionaries/archive.dict ;;
    esac
}

# Compiles a library, instrumented, as a static archive and its module (with -enable-testing,
# so that harnesses reach internal helpers such as the checksum).
library() {
    local name=$1
    shift
    echo "== library $name"
    "${SWIFTC:-swiftc}" "${swift_flags[@]}" -enable-testing -emit-library -static -emit-module -module-name "$name" \
        -emit-module-path "$out/lib/$name.swiftmodule" -o "$out/lib/lib$name.a" "$@" 2>&1 | grep -v "the use of \`mktemp'" || true
    [[ -f $out/lib/lib$name.a ]] || { echo "error: $name did not build"; exit 1; }
}

build() {
    mkdir -p "$out/lib" "$out/bin"
    rm -f "$out"/lib/*.a
    library GraphCodable $(find Sources/GraphCodable -name '*.swift' | sort)
    library GraphHTTP1 $(find Sources/GraphHTTP/HTTP1 Sources/GraphHTTP/Forms -name '*.swift' | sort)
    for harness in "${harnesses[@]}"; do
        read -r library files <<<"$(sources "$harness")"
        echo "== harness $harness"
        # shellcheck disable=SC2086
        "${SWIFTC:-swiftc}" "${swift_flags[@]}" -module-name Fuzz -I "$out/lib" -L "$out/lib" -l"$library" $files \
            -o "$out/bin/$harness" 2>&1 | grep -v "the use of \`mktemp'" || true
        [[ -x $out/bin/$harness ]] || { echo "error: $harness did not build"; exit 1; }
    done
}

# Fuzzes $1 for $2 seconds with the remaining libFuzzer options; exit status 0 only if no
# finding was made.
run() {
    local harness=$1 seconds=$2
    shift 2
    [[ -x $out/bin/$harness ]] || build
    mkdir -p "$out/corpus/$harness" "$out/findings"
    "$out/bin/$harness" "$out/corpus/$harness" "Fuzz/Corpus/$harness" "${limits[@]}" -max_len=16384 \
        -dict="$(dictionary "$harness")" -max_total_time="$seconds" -print_final_stats=1 \
        -artifact_prefix="$out/findings/$harness-" "$@"
}

case ${1:-} in
    build) build ;;
    run)
        [[ $# -ge 3 ]] || { echo "usage: Fuzz/fuzz.sh run NAME SECONDS [libFuzzer option…]" >&2; exit 2; }
        shift
        run "$@"
        ;;
    ci)
        [[ $# -eq 2 ]] || { echo "usage: Fuzz/fuzz.sh ci SECONDS" >&2; exit 2; }
        build
        for harness in "${harnesses[@]}"; do
            echo "== fuzzing $harness for $2 s"
            log=$out/$harness.log
            if ! run "$harness" "$2" >"$log" 2>&1; then
                tail -n 60 "$log"
                echo "error: $harness found a problem: $(ls "$out"/findings/"$harness"-* 2>/dev/null | head -n 1)"
                exit 1
            fi
            grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$log" | tr '\n' ' '
            echo
        done
        ;;
    merge)
        [[ $# -ge 3 ]] || { echo "usage: Fuzz/fuzz.sh merge NAME DIRECTORY…" >&2; exit 2; }
        harness=$2
        shift 2
        [[ -x $out/bin/$harness ]] || build
        "$out/bin/$harness" -merge=1 "${limits[@]}" -max_len=16384 "Fuzz/Corpus/$harness" "$@"
        echo "$harness: $(ls "Fuzz/Corpus/$harness" | wc -l) inputs"
        ;;
    seeds)
        build
        for harness in "${harnesses[@]}"; do
            mkdir -p "Fuzz/Corpus/$harness"
            rm -f "Fuzz/Corpus/$harness"/seed-*
            FUZZ_WRITE_SEEDS="Fuzz/Corpus/$harness" ASAN_OPTIONS=detect_leaks=0:$ASAN_OPTIONS "$out/bin/$harness"
            echo "$harness: $(ls "Fuzz/Corpus/$harness" | wc -l) seeds"
        done
        ;;
    *)
        sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
