//! Perft speed on start positions (compare with Fairy-Stockfish: scripts/bench_vs_fsf.sh).

use criterion::{Criterion, criterion_group, criterion_main};

use chatrang::perft::perft;
use chatrang::{fen, variants};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (id, opts, depth) in [
        ("chess", "", 4),
        ("shatranj", "", 4),
        ("courier", "", 3),
        ("capablanca", "", 3),
        ("kabir", "", 3),
    ] {
        let Ok(v) = variants::build(id, opts) else {
            continue;
        };
        let pos = fen::parse(&v, &v.start_fen).unwrap();
        g.bench_function(format!("{id}_d{depth}"), |b| {
            b.iter(|| {
                let mut p = pos.clone();
                perft(&mut p, depth)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
