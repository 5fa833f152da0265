//! Search speed: fixed-depth searches (fresh hash) of a few positions, one thread.

use criterion::{Criterion, criterion_group, criterion_main};

use chatrang::search::{Control, Limits, Searcher, bench};
use chatrang::{fen, variants};

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    let mut cases: Vec<(String, String, i32)> = bench::CHESS
        .iter()
        .take(3)
        .map(|f| ("chess".to_string(), f.to_string(), 8))
        .collect();
    for id in ["shatranj", "capablanca", "courier"] {
        if let Ok(v) = variants::build(id, "") {
            cases.push((id.to_string(), v.start_fen.clone(), 7));
        }
    }
    for (i, (id, f, depth)) in cases.iter().enumerate() {
        let v = variants::build(id, "").unwrap();
        let pos = fen::parse(&v, f).unwrap();
        let s = Searcher::new(16);
        g.bench_function(format!("{id}_{i}_d{depth}"), |b| {
            b.iter(|| {
                s.clear();
                s.search(
                    &pos,
                    &Limits::depth(*depth),
                    &Control::new(false),
                    &mut |_| {},
                )
                .nodes
            })
        });
    }
    g.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
