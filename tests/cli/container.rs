//! The container image (issue 43), checked without a container engine: the `Dockerfile` says
//! what the image promises, and this reads it. The run of the binary it builds against the
//! Discord stand-in is `the_service_binary_serves_health_and_metrics_and_stops_within_docker_s_10_s`
//! in `tests/discord/discord_cli.rs`.

use std::path::Path;

/// The `Dockerfile`'s instructions, continuation lines joined, comments left out: (keyword,
/// arguments), each with the stage it is in (0 for the first).
fn instructions() -> Vec<(usize, String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Dockerfile"))
        .expect("the Dockerfile");
    let mut joined = Vec::new();
    let mut line = String::new();
    for raw in text.lines() {
        let raw = raw.trim();
        if raw.starts_with('#') || (raw.is_empty() && line.is_empty()) {
            continue;
        }
        match raw.strip_suffix('\\') {
            Some(part) => {
                line.push_str(part);
                line.push(' ');
            }
            None => {
                line.push_str(raw);
                joined.push(std::mem::take(&mut line));
            }
        }
    }
    let mut stage = 0;
    let mut seen_from = false;
    joined
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (keyword, args) = l.split_once(' ').unwrap_or((&l, ""));
            let keyword = keyword.to_uppercase();
            if keyword == "FROM" {
                if seen_from {
                    stage += 1;
                }
                seen_from = true;
            }
            (stage, keyword, args.trim().to_string())
        })
        .collect()
}

#[test]
fn the_dockerfile_builds_the_release_binary_and_runs_it_small_unprivileged_with_data_on_a_volume() {
    let all = instructions();
    let of = |stage: usize, keyword: &str| -> Vec<String> {
        all.iter()
            .filter(|(s, k, _)| *s == stage && k == keyword)
            .map(|(_, _, a)| a.clone())
            .collect()
    };
    let stages = all.iter().map(|(s, ..)| s).max().unwrap() + 1;
    assert_eq!(stages, 2, "a build stage and a run stage");
    let from = of(0, "FROM");
    assert!(
        from[0].starts_with("rust:") && from[0].ends_with(" AS build"),
        "{from:?}"
    );
    let runtime = of(1, "FROM");
    assert!(
        runtime[0].starts_with("debian:") && runtime[0].contains("-slim"),
        "{runtime:?}"
    );

    // The build: the release build of the binary, with the lock file as it is.
    let runs = of(0, "RUN");
    assert_eq!(runs, ["cargo build --release --locked --bin taktable"]);
    // Everything it copies is in the repository.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for copy in of(0, "COPY") {
        let parts: Vec<&str> = copy.split_whitespace().collect();
        for source in &parts[..parts.len() - 1] {
            assert!(
                root.join(source).exists(),
                "COPY {source}: not in the repository"
            );
        }
    }
    // The run stage takes exactly that binary (what `cargo test --release` runs as taktable).
    assert_eq!(
        of(1, "COPY"),
        ["--from=build /src/target/release/taktable /usr/local/bin/taktable"]
    );
    let tested = Path::new(env!("CARGO_BIN_EXE_taktable"));
    assert!(
        tested.ends_with("target/release/taktable"),
        "the tests run {}: run them with --release, the image's profile",
        tested.display()
    );

    // Not root; the database on the volume; no token in the image; SIGTERM to stop.
    let user = of(1, "USER");
    assert_eq!(user, ["taktable"]);
    let setup = of(1, "RUN").join(" ");
    assert!(setup.contains("useradd --system --uid 10001"), "{setup}");
    assert!(setup.contains("chown taktable:taktable /data"), "{setup}");
    assert_eq!(of(1, "VOLUME"), [r#"["/data"]"#]);
    let env = of(1, "ENV").join(" ");
    assert!(env.contains("DATABASE_PATH=/data/taktable.db"), "{env}");
    let everything = all
        .iter()
        .map(|(_, k, a)| format!("{k} {a}"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        !everything.contains("DISCORD_TOKEN"),
        "a token in the image"
    );
    assert_eq!(of(1, "STOPSIGNAL"), ["SIGTERM"]);
    assert_eq!(of(1, "ENTRYPOINT"), [r#"["/usr/local/bin/taktable"]"#]);
    assert_eq!(of(1, "CMD"), [r#"["run"]"#]);

    // The context leaves out the token's file and the build's output.
    let ignored = std::fs::read_to_string(root.join(".dockerignore")).unwrap();
    for entry in [".env", "target"] {
        assert!(ignored.lines().any(|l| l.trim() == entry), "{entry}");
    }
}

/// The service files the README points to are there and run the same command.
#[test]
fn the_compose_file_and_the_systemd_unit_run_the_bot_with_its_data_kept() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let compose = std::fs::read_to_string(root.join("docs/deploy/compose.yaml")).unwrap();
    for line in [
        "DATABASE_PATH: /data/taktable.db",
        "- taktable-data:/data",
        "stop_grace_period: 10s",
        "env_file: ../../.env",
    ] {
        assert!(compose.contains(line), "{line}");
    }
    let unit = std::fs::read_to_string(root.join("docs/deploy/taktable.service")).unwrap();
    for line in [
        "ExecStart=/usr/local/bin/taktable run",
        "User=taktable",
        "KillSignal=SIGTERM",
        "TimeoutStopSec=10",
        "RestartPreventExitStatus=2",
        "EnvironmentFile=/etc/taktable.env",
    ] {
        assert!(unit.lines().any(|l| l == line), "{line}");
    }
}
