//! Legal turn generation, playing turns and perft of the Taka engine.
//!
//! `cargo bench --bench taka`.

// A benchmark: a failed unwrap is a failed run (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use taktable::games::taka::{perft, Position};

fn movegen(c: &mut Criterion) {
    let start = Position::start();
    c.bench_function("taka legal_turns start", |b| {
        b.iter(|| black_box(&start).legal_turns().len())
    });
    let turns = start.legal_turns();
    c.bench_function("taka play every legal turn from the start", |b| {
        b.iter(|| {
            turns
                .iter()
                .filter(|t| black_box(&start).after(t).is_ok())
                .count()
        })
    });
    c.bench_function("taka notation of every legal turn, start", |b| {
        b.iter(|| turns.iter().map(|t| t.to_string().len()).sum::<usize>())
    });
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("taka perft");
    group.sample_size(10);
    let start = Position::start();
    group.bench_function("start depth 2", |b| b.iter(|| perft(black_box(&start), 2)));
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
