//! Move generation and perft speed of the Tak engine.
//!
//! `cargo bench --bench tak`. The target: 6x6 from the start,
//! depth 5 (1,253,506,520 leaves) in at most 10 s single-threaded.

// A benchmark: a failed unwrap is a failed run (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use taktable::games::tak::Position;

const MIDGAME: &str = "2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42";

fn movegen(c: &mut Criterion) {
    let start = Position::from_tps_standard("x6/x6/x6/x6/x6/x6 1 1").unwrap();
    let midgame = Position::from_tps_standard(MIDGAME).unwrap();
    let mut moves = Vec::with_capacity(512);
    c.bench_function("legal_moves 6x6 midgame (140 moves)", |b| {
        b.iter(|| {
            moves.clear();
            black_box(&midgame).legal_moves_into(&mut moves);
            moves.len()
        })
    });
    c.bench_function("count_legal_moves 6x6 midgame", |b| {
        b.iter(|| black_box(&midgame).count_legal_moves())
    });
    c.bench_function("legal_moves 6x6 start", |b| {
        b.iter(|| black_box(&start).legal_moves().len())
    });
    c.bench_function("ptn of every legal move, 6x6 midgame", |b| {
        let list = midgame.legal_moves();
        b.iter(|| list.iter().map(|&m| midgame.ptn(m).len()).sum::<usize>())
    });
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start6 = Position::from_tps_standard("x6/x6/x6/x6/x6/x6 1 1").unwrap();
    group.bench_function("6x6 start depth 4", |b| {
        b.iter(|| black_box(&start6).perft(4))
    });
    group.bench_function("6x6 start depth 5 (1,253,506,520)", |b| {
        b.iter(|| black_box(&start6).perft(5))
    });
    let midgame = Position::from_tps_standard(MIDGAME).unwrap();
    group.bench_function("6x6 midgame depth 3", |b| {
        b.iter(|| black_box(&midgame).perft(3))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
