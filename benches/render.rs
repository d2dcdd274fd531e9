//! Board pictures: composing and PNG-encoding. Run by hand:
//! `cargo bench --bench render`.
//!
//! Targets (docs/render.md): a 6x6 mid-game position composed and encoded in
//! at most 5 ms (median), and an 8x8 board full of tall stacks under 150 KB.
//! A Takat mid-game (docs/takat.md) and a Taka pitch after a goal
//! (`taka::sample_goal`) are measured the same way.

// A benchmark: a failed unwrap is a failed run (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use taktable::render::png::{self, Filter};
use taktable::render::tak::sample;
use taktable::render::{self, taka, takat, Picture, Theme};

fn bench(c: &mut Criterion) {
    let midgame = sample::midgame(6);
    let tall = sample::tall(8, 20, 40, 99);
    let takat_midgame = takat::sample_midgame();
    // Pre-drawn backgrounds and sprites are built once per process.
    render::preload();

    let theme = Theme::default();
    for (name, view) in [("6x6 mid-game", &midgame), ("8x8 tall stacks", &tall)] {
        let png = view.png(theme).expect("encodes");
        eprintln!("{name}: {} bytes of PNG", png.len());
    }
    let png = takat_midgame.png(theme).expect("encodes");
    eprintln!("Takat mid-game: {} bytes of PNG", png.len());

    let taka_goal = taka::sample_goal();
    let png = taka_goal.png(theme).expect("encodes");
    eprintln!("Taka after a goal: {} bytes of PNG", png.len());

    let mut g = c.benchmark_group("render");
    g.bench_function("png taka goal", |b| {
        b.iter(|| black_box(&taka_goal).png(theme))
    });
    g.bench_function("png 6x6 mid-game", |b| {
        b.iter(|| black_box(&midgame).png(theme))
    });
    g.bench_function("png 8x8 tall stacks", |b| {
        b.iter(|| black_box(&tall).png(theme))
    });
    g.bench_function("png takat mid-game", |b| {
        b.iter(|| black_box(&takat_midgame).png(theme))
    });
    g.bench_function("compose takat mid-game", |b| {
        b.iter(|| black_box(&takat_midgame).compose(theme))
    });
    g.bench_function("compose 6x6 mid-game", |b| {
        b.iter(|| black_box(&midgame).compose(theme))
    });
    let img = midgame.compose(theme);
    g.bench_function("encode 6x6 mid-game", |b| {
        b.iter(|| png::encode(black_box(&img), Filter::Paeth))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
