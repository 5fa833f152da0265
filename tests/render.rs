//! `chatrang render`: SVG is well-formed with one cell element per cell and one disc per man;
//! PNG has a valid signature, header, chunk CRCs and zlib stream.

use std::sync::Arc;

use chatrang::fen;
use chatrang::geometry::Geometry;
use chatrang::notation::parse_move;
use chatrang::piece::PieceDef;
use chatrang::position::Position;
use chatrang::render::{self, Options};
use chatrang::variant::{Drawing, VariantBuilder};
use chatrang::variants;

fn pos_of(id: &str, moves: &[&str]) -> (Position, Option<chatrang::moves::Move>) {
    let v = variants::build(id, "").unwrap();
    let mut p = fen::parse(&v, &v.start_fen).unwrap();
    let mut last = None;
    for m in moves {
        let mv = parse_move(&mut p, m).unwrap();
        p.make(mv);
        last = Some(mv);
    }
    (p, last)
}

fn opts(last: Option<chatrang::moves::Move>) -> Options {
    Options { cell: 40, last }
}

/// A small XML well-formedness check: balanced elements, quoted attributes, known entities.
fn check_xml(s: &str) {
    let b = s.as_bytes();
    let mut stack: Vec<String> = Vec::new();
    let mut i = 0;
    let mut roots = 0;
    while i < b.len() {
        if b[i] == b'<' {
            let end = s[i..].find('>').expect("unclosed tag") + i;
            let tag = &s[i + 1..end];
            if tag.starts_with('?') {
                assert!(tag.ends_with('?'), "bad declaration");
            } else if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().expect("close without open");
                assert_eq!(open, name.trim(), "mismatched close tag");
            } else {
                let selfclose = tag.ends_with('/');
                let body = tag.trim_end_matches('/');
                let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
                assert!(
                    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == ':'),
                    "bad element name in <{tag}>"
                );
                // Attributes: name="value" pairs.
                let mut rest = body[name.len()..].trim();
                while !rest.is_empty() {
                    let eq = rest.find('=').expect("attribute without value");
                    let an = rest[..eq].trim();
                    assert!(
                        an.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
                    );
                    let r = rest[eq + 1..].trim_start();
                    assert!(r.starts_with('"'), "unquoted attribute in <{tag}>");
                    let close = r[1..].find('"').expect("unclosed attribute") + 1;
                    assert!(!r[1..close].contains('<'));
                    rest = r[close + 1..].trim_start();
                }
                if stack.is_empty() {
                    roots += 1;
                }
                if !selfclose {
                    stack.push(name);
                }
            }
            i = end + 1;
        } else {
            if b[i] == b'&' {
                let semi = s[i..].find(';').expect("bare &") + i;
                assert!(
                    matches!(
                        &s[i..=semi],
                        "&amp;" | "&lt;" | "&gt;" | "&quot;" | "&apos;"
                    ),
                    "unknown entity"
                );
            }
            assert!(
                !stack.is_empty() || b[i].is_ascii_whitespace(),
                "text outside the root"
            );
            i += 1;
        }
    }
    assert!(stack.is_empty(), "unclosed elements {stack:?}");
    assert_eq!(roots, 1, "one root element");
}

fn count(s: &str, class: &str) -> usize {
    s.matches(&format!("class=\"{class}\"")).count()
}

fn men(p: &Position) -> usize {
    p.v.geo.cells().filter(|&c| !p.at(c).is_empty()).count()
}

#[test]
fn chess_svg_has_64_cells_32_men_and_marks_the_last_move() {
    let (p, last) = pos_of("chess", &["e2e4"]);
    let s = render::svg(&p, &opts(last));
    check_xml(&s);
    assert_eq!(count(&s, "cell"), 64);
    assert_eq!(count(&s, "piece"), 32);
    assert_eq!(count(&s, "glyph"), 32);
    assert_eq!(count(&s, "last"), 2);
    // Coordinates: 8 rank numbers and 8 file letters.
    assert_eq!(count(&s, "coord"), 16);
    assert!(s.contains(">K</text>") && s.contains(">k</text>"));
}

#[test]
fn every_registered_game_renders_well_formed_svg() {
    for e in variants::all() {
        let Ok(v) = variants::build(e.id, "") else {
            continue;
        };
        let Ok(p) = fen::parse(&v, &v.start_fen) else {
            continue;
        };
        let s = render::svg(&p, &opts(None));
        check_xml(&s);
        assert_eq!(count(&s, "cell"), v.geo.cells().count(), "{}", e.id);
        assert_eq!(count(&s, "piece"), men(&p), "{}", e.id);
    }
}

#[test]
fn xiangqi_is_drawn_on_points_with_river_and_palaces() {
    let (p, _) = pos_of("xiangqi", &[]);
    assert!(p.v.drawing.points);
    let s = render::svg(&p, &opts(None));
    check_xml(&s);
    assert_eq!(count(&s, "cell"), 90);
    assert_eq!(count(&s, "piece"), 32);
    // Points are small discs, not squares.
    assert!(!s.contains("<rect class=\"cell\""));
    assert_eq!(count(&s, "river"), 1);
    // 10 rank lines, 2 edge files whole, 7 inner files in two parts, 2 diagonals per palace.
    assert_eq!(s.matches("<line ").count(), 10 + 2 + 7 * 2 + 4);
}

#[test]
fn holes_wraps_3d_and_extra_cells() {
    // A 4x4 board with a hole at b2, wrapping left-right.
    let geo = Geometry::rect(4, 4)
        .with_mask(|x, y| !(x == 1 && y == 1))
        .wrapping(true, false);
    let mut b = VariantBuilder::new("t", "Test", geo);
    b.piece(PieceDef::new("king", "K", "K").royal());
    b.start("k3/4/1*2/K3 w - - 0 1");
    b.drawing(Drawing::default());
    let v = Arc::new(b.build().unwrap());
    let p = fen::parse(&v, &v.start_fen).unwrap();
    let s = render::svg(&p, &opts(None));
    check_xml(&s);
    assert_eq!(count(&s, "cell"), 15);
    assert_eq!(count(&s, "piece"), 2);
    assert!(s.contains("wraps"));
    // Three dimensions: 8 slices of 64, labelled.
    let (p3, _) = pos_of("chess3d", &[]);
    let s3 = render::svg(&p3, &opts(None));
    check_xml(&s3);
    assert_eq!(count(&s3, "cell"), 512);
    assert_eq!(count(&s3, "level"), 8);
    // Citadels: grid cells plus the extra cells, with their names.
    let (ph, _) = pos_of("husun", &[]);
    let extra = ph.v.geo.num_cells() - ph.v.geo.grid_cells();
    assert!(extra > 0);
    let sh = render::svg(&ph, &opts(None));
    check_xml(&sh);
    assert_eq!(count(&sh, "cell"), 100 + extra);
}

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

/// Checks the PNG; returns (width, height, raw scanlines).
fn check_png(png: &[u8]) -> (u32, u32, Vec<u8>) {
    assert_eq!(&png[..8], &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]);
    let mut i = 8;
    let (mut w, mut h) = (0, 0);
    let mut idat = Vec::new();
    let mut kinds = Vec::new();
    while i < png.len() {
        let len = be32(&png[i..]) as usize;
        let kind = &png[i + 4..i + 8];
        let data = &png[i + 8..i + 8 + len];
        let crc = be32(&png[i + 8 + len..]);
        assert_eq!(crc, render::png::crc32(&png[i + 4..i + 8 + len]), "CRC");
        kinds.push(String::from_utf8_lossy(kind).to_string());
        match kind {
            b"IHDR" => {
                assert_eq!(len, 13);
                w = be32(data);
                h = be32(&data[4..]);
                assert_eq!(&data[8..], &[8, 2, 0, 0, 0], "8-bit RGB");
            }
            b"IDAT" => idat.extend_from_slice(data),
            _ => {}
        }
        i += 12 + len;
    }
    assert_eq!(kinds.first().map(String::as_str), Some("IHDR"));
    assert_eq!(kinds.last().map(String::as_str), Some("IEND"));
    // zlib: header, stored blocks, Adler-32.
    assert_eq!((idat[0] as u32 * 256 + idat[1] as u32) % 31, 0);
    let mut raw = Vec::new();
    let mut j = 2;
    loop {
        let last = idat[j] & 1;
        assert_eq!(idat[j] >> 1 & 3, 0, "stored block");
        let n = u16::from_le_bytes([idat[j + 1], idat[j + 2]]) as usize;
        let nn = u16::from_le_bytes([idat[j + 3], idat[j + 4]]);
        assert_eq!(!(n as u16), nn);
        raw.extend_from_slice(&idat[j + 5..j + 5 + n]);
        j += 5 + n;
        if last == 1 {
            break;
        }
    }
    assert_eq!(be32(&idat[j..]), render::png::adler32(&raw));
    assert_eq!(raw.len(), (w as usize * 3 + 1) * h as usize);
    (w, h, raw)
}

#[test]
fn png_is_valid_and_shows_the_board() {
    let (p, last) = pos_of("chess", &["e2e4"]);
    let o = opts(last);
    let sc = render::scene(&p, &o);
    let png = render::png(&p, &o);
    let (w, h, raw) = check_png(&png);
    assert_eq!((w, h), (sc.width as u32, sc.height as u32));
    // Empty squares show their colours (a1 dark, so e3 dark and f3 light); a1's disc shows
    // the first player's disc colour.
    let px = |x: u32, y: u32| {
        let k = y as usize * (w as usize * 3 + 1) + 1 + x as usize * 3;
        (raw[k], raw[k + 1], raw[k + 2])
    };
    let centre = |file: u32, rank: u32| {
        // Same layout as render::scene: left margin 0.7 cell, top margin 0.8 cell.
        let c = 40.0;
        (
            (0.7 * c + file as f32 * c + c / 2.0) as u32,
            (0.8 * c + (8 - rank) as f32 * c + c / 2.0) as u32,
        )
    };
    let (x, y) = centre(4, 3);
    assert_eq!(px(x, y), (0xb5, 0x88, 0x63), "e3 is a dark square");
    let (x, y) = centre(5, 3);
    assert_eq!(px(x, y), (0xf0, 0xd9, 0xb5), "f3 is a light square");
    let (x, y) = centre(0, 1);
    // a1 disc: the fill shows a few pixels left of the letter.
    assert_eq!(px(x - 12, y), (0xfa, 0xfa, 0xf2));
}

#[test]
fn cli_render_writes_files() {
    let exe = env!("CARGO_BIN_EXE_chatrang");
    let dir = std::env::temp_dir().join(format!("chatrang_render_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (variant, file) in [("xiangqi", "x.png"), ("shatranj", "s.svg")] {
        let out = dir.join(file);
        let st = std::process::Command::new(exe)
            .args(["render", "--variant", variant, "-o"])
            .arg(&out)
            .args([
                "--moves",
                if variant == "xiangqi" { "h3e3" } else { "e2e3" },
            ])
            .status()
            .unwrap();
        assert!(st.success());
        let bytes = std::fs::read(&out).unwrap();
        if file.ends_with(".png") {
            check_png(&bytes);
        } else {
            let s = String::from_utf8(bytes).unwrap();
            check_xml(&s);
            assert_eq!(count(&s, "last"), 2);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    let gif = std::env::temp_dir().join("chatrang-render-test.gif");
    let st = std::process::Command::new(exe)
        .args(["render", "--variant", "chess", "-o"])
        .arg(&gif)
        .output()
        .unwrap();
    assert!(!st.status.success());
}
