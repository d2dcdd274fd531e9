//! Board pictures: composing and PNG-encoding. Run by hand:
//! `cargo bench --bench render`.
//!
//! Targets (docs/render.md): a 6x6 mid-game position composed and encoded in
//! at most 5 ms (median), and an 8x8 board full of tall stacks under 150 KB.
//! A Takat mid-game (docs/takat.md) is measured the same way.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use taktable::render::{png, sample, sprites, tak, takat, Theme};

fn bench(c: &mut Criterion) {
    let midgame = sample::midgame(6);
    let tall = sample::tall(8, 20, 40, 99);
    let takat_midgame = takat::sample_midgame();
    // Pre-drawn backgrounds and sprites are built once per process.
    sprites::preload();
    takat::preload();

    for (name, view) in [("6x6 mid-game", &midgame), ("8x8 tall stacks", &tall)] {
        eprintln!(
            "{name}: {} bytes of PNG",
            tak::render_png(view, Theme::default()).len()
        );
    }

    let mut g = c.benchmark_group("render");
    g.bench_function("png 6x6 mid-game", |b| {
        b.iter(|| tak::render_png(black_box(&midgame), Theme::default()))
    });
    g.bench_function("png 8x8 tall stacks", |b| {
        b.iter(|| tak::render_png(black_box(&tall), Theme::default()))
    });
    eprintln!(
        "Takat mid-game: {} bytes of PNG",
        takat::render_png(&takat_midgame, Theme::default()).len()
    );
    g.bench_function("png takat mid-game", |b| {
        b.iter(|| takat::render_png(black_box(&takat_midgame), Theme::default()))
    });
    g.bench_function("compose takat mid-game", |b| {
        b.iter(|| takat::render_image(black_box(&takat_midgame), Theme::default()))
    });
    g.bench_function("compose 6x6 mid-game", |b| {
        b.iter(|| tak::render_image(black_box(&midgame), Theme::default()))
    });
    let img = tak::render_image(&midgame, Theme::default());
    g.bench_function("encode 6x6 mid-game", |b| {
        b.iter(|| png::encode(black_box(&img)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
