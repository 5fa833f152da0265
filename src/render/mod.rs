//! Board pictures: `chatrang render`. A position is laid out once as a list of shapes
//! ([`Scene`]), which is then written as SVG ([`svg`]) or rasterised to PNG ([`png`]) by our
//! own small rasteriser, 5x7 bitmap font and PNG writer (no external program or crate).
//!
//! Every geometry is drawn: square boards (light and dark cells), boards of points on line
//! intersections (`Variant.drawing.points`: xiangqi and janggi, with river and palace
//! diagonals), holes (left out), wrapping boards (a grid with a note), cells beyond the grid
//! (citadels: a column beside the board, with their names), and 3-D boards (slices stacked,
//! the highest level on top). Men are their FEN letters in discs coloured by owner.

pub mod font;
pub mod png;

use crate::geometry::{Cell, NO_CELL};
use crate::moves::{Move, MoveKind};
use crate::position::Position;

pub use png::png;

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Cell size in pixels.
    pub cell: u32,
    /// The move to mark.
    pub last: Option<Move>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

#[derive(Clone, Debug)]
pub enum Shape {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
        class: &'static str,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        color: Rgb,
        width: f32,
    },
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
        fill: Option<Rgb>,
        stroke: Option<(Rgb, f32)>,
        class: &'static str,
    },
    /// Text centred on (x, y) (or starting at x when `left`).
    Text {
        x: f32,
        y: f32,
        size: f32,
        text: String,
        color: Rgb,
        left: bool,
        class: &'static str,
    },
}

pub struct Scene {
    pub width: f32,
    pub height: f32,
    pub background: Rgb,
    pub shapes: Vec<Shape>,
}

const LIGHT: Rgb = Rgb(0xf0, 0xd9, 0xb5);
const DARK: Rgb = Rgb(0xb5, 0x88, 0x63);
const WOOD: Rgb = Rgb(0xf2, 0xd4, 0x9b);
const INK: Rgb = Rgb(0x4a, 0x30, 0x18);
const TEXT: Rgb = Rgb(0x20, 0x20, 0x20);
const BG: Rgb = Rgb(0xff, 0xff, 0xff);
const MARK: Rgb = Rgb(0xe0, 0x9a, 0x00);

/// Disc fill, outline and letter colour of each owner.
fn owner_colors(p: u8) -> (Rgb, Rgb, Rgb) {
    match p {
        0 => (
            Rgb(0xfa, 0xfa, 0xf2),
            Rgb(0x20, 0x20, 0x20),
            Rgb(0x10, 0x10, 0x10),
        ),
        1 => (
            Rgb(0x2a, 0x2a, 0x2a),
            Rgb(0x00, 0x00, 0x00),
            Rgb(0xff, 0xff, 0xff),
        ),
        2 => (
            Rgb(0xc0, 0x39, 0x2b),
            Rgb(0x60, 0x10, 0x10),
            Rgb(0xff, 0xff, 0xff),
        ),
        _ => (
            Rgb(0x2e, 0x5c, 0xb8),
            Rgb(0x10, 0x20, 0x60),
            Rgb(0xff, 0xff, 0xff),
        ),
    }
}

fn player_name(p: u8, players: u8) -> String {
    match (players, p) {
        (2, 0) => "White (upper case)".into(),
        (2, 1) => "Black (lower case)".into(),
        _ => format!("player {}", p + 1),
    }
}

/// Lays out the picture of a position.
pub fn scene(pos: &Position, opts: &Options) -> Scene {
    let v = &pos.v;
    let g = &v.geo;
    let c = opts.cell.max(8) as f32;
    let (w, h, levels) = (g.width as f32, g.height as f32, g.levels as usize);
    let points = v.drawing.points;
    let left = c * 0.7;
    let top = if levels > 1 { c * 1.3 } else { c * 0.8 };
    // Between slices: the file letters of one, the level label of the next.
    let gap = c * 1.3;
    let slice_h = h * c;
    let board_w = w * c;
    let extra: Vec<Cell> = g.cells().filter(|&x| !g.is_grid(x)).collect();
    let extra_w = if extra.is_empty() { 0.0 } else { c * 3.0 };
    let mut notes: Vec<String> = Vec::new();
    if g.wrap_x || g.wrap_y {
        notes.push(match (g.wrap_x, g.wrap_y) {
            (true, true) => "The board wraps: left-right and top-bottom edges meet (torus).".into(),
            (true, false) => "The board wraps: the left and right edges meet (cylinder).".into(),
            _ => "The board wraps: the top and bottom edges meet.".into(),
        });
    }
    if v.drops {
        for p in 0..v.players.min(2) {
            let mut s = String::new();
            for &t in &v.hand_types {
                let n = pos.hand(p, t);
                if n > 0 {
                    s += &format!(" {}x{}", n, v.pieces[t as usize].fen_token(p));
                }
            }
            notes.push(format!(
                "In hand, {}:{}",
                player_name(p, v.players),
                if s.is_empty() { " -".into() } else { s }
            ));
        }
    }
    let note_h = c * 0.45;
    let caption = format!("{}: {} to move", v.name, player_name(pos.side, v.players));
    let longest_note = notes.iter().map(|n| n.chars().count()).max().unwrap_or(0) as f32;
    let width = (left + board_w + extra_w + c * 0.3)
        .max(c * 6.0)
        .max(left + text_width(c * 0.32, caption.chars().count()) + c * 0.3)
        .max(left + text_width(c * 0.28, longest_note as usize) + c * 0.3);
    let height = top
        + levels as f32 * slice_h
        + (levels - 1) as f32 * gap
        + c * 0.6
        + notes.len() as f32 * note_h
        + c * 0.2;
    let mut sh: Vec<Shape> = Vec::new();
    // Caption.
    sh.push(Shape::Text {
        x: left,
        y: top * 0.45,
        size: c * 0.32,
        text: caption,
        color: TEXT,
        left: true,
        class: "caption",
    });
    // Centre of a grid cell.
    let slice_top = |z: usize| top + (levels - 1 - z) as f32 * (slice_h + gap);
    let centre = |cell: Cell| -> (f32, f32) {
        if g.is_grid(cell) {
            let (x, y, z) = g.coords(cell);
            (
                left + x as f32 * c + c / 2.0,
                slice_top(z as usize) + (h - 1.0 - y as f32) * c + c / 2.0,
            )
        } else {
            let i = extra.iter().position(|&e| e == cell).unwrap_or(0);
            (
                left + board_w + c * 0.4 + c / 2.0,
                top + i as f32 * c * 1.2 + c / 2.0,
            )
        }
    };
    for z in 0..levels {
        let st = slice_top(z);
        if levels > 1 {
            sh.push(Shape::Text {
                x: left,
                y: st - c * 0.3,
                size: c * 0.3,
                text: format!("level {}", (b'A' + z as u8) as char),
                color: TEXT,
                left: true,
                class: "level",
            });
        }
        if points {
            sh.push(Shape::Rect {
                x: left,
                y: st,
                w: board_w,
                h: slice_h,
                fill: Some(WOOD),
                stroke: None,
                class: "board",
            });
            let lw = (c / 24.0).max(1.0);
            let (x0, x1) = (left + c / 2.0, left + board_w - c / 2.0);
            for y in 0..g.height {
                let yy = st + (h - 1.0 - y as f32) * c + c / 2.0;
                sh.push(Shape::Line {
                    x1: x0,
                    y1: yy,
                    x2: x1,
                    y2: yy,
                    color: INK,
                    width: lw,
                });
            }
            for x in 0..g.width {
                let xx = left + x as f32 * c + c / 2.0;
                let ry = |y: u8| st + (h - 1.0 - y as f32) * c + c / 2.0;
                let edge = x == 0 || x + 1 == g.width;
                match v.drawing.river {
                    Some(r) if !edge && r + 1 < g.height => {
                        sh.push(Shape::Line {
                            x1: xx,
                            y1: ry(0),
                            x2: xx,
                            y2: ry(r),
                            color: INK,
                            width: lw,
                        });
                        sh.push(Shape::Line {
                            x1: xx,
                            y1: ry(r + 1),
                            x2: xx,
                            y2: ry(g.height - 1),
                            color: INK,
                            width: lw,
                        });
                    }
                    _ => sh.push(Shape::Line {
                        x1: xx,
                        y1: ry(0),
                        x2: xx,
                        y2: ry(g.height - 1),
                        color: INK,
                        width: lw,
                    }),
                }
            }
            for &(fx0, fy0, fx1, fy1) in &v.drawing.palaces {
                let px = |x: u8| left + x as f32 * c + c / 2.0;
                let py = |y: u8| st + (h - 1.0 - y as f32) * c + c / 2.0;
                for (a, b) in [((fx0, fy0), (fx1, fy1)), ((fx0, fy1), (fx1, fy0))] {
                    sh.push(Shape::Line {
                        x1: px(a.0),
                        y1: py(a.1),
                        x2: px(b.0),
                        y2: py(b.1),
                        color: INK,
                        width: lw,
                    });
                }
            }
            if let Some(r) = v.drawing.river {
                sh.push(Shape::Text {
                    x: left + board_w / 2.0,
                    y: st + (h - 1.0 - r as f32) * c,
                    size: c * 0.3,
                    text: "river".into(),
                    color: INK,
                    left: false,
                    class: "river",
                });
            }
        }
        // Coordinates: rank numbers on the left, file letters below.
        for y in 0..g.height {
            sh.push(Shape::Text {
                x: left / 2.0,
                y: st + (h - 1.0 - y as f32) * c + c / 2.0,
                size: c * 0.3,
                text: (y as u32 + 1).to_string(),
                color: TEXT,
                left: false,
                class: "coord",
            });
        }
        for x in 0..g.width {
            sh.push(Shape::Text {
                x: left + x as f32 * c + c / 2.0,
                y: st + slice_h + c * 0.3,
                size: c * 0.3,
                text: ((b'a' + x) as char).to_string(),
                color: TEXT,
                left: false,
                class: "coord",
            });
        }
    }
    // Cells.
    for cell in g.cells() {
        let (cx, cy) = centre(cell);
        if points && g.is_grid(cell) {
            sh.push(Shape::Circle {
                cx,
                cy,
                r: (c / 16.0).max(1.0),
                fill: Some(INK),
                stroke: None,
                class: "cell",
            });
        } else {
            let dark = if g.is_grid(cell) {
                let (x, y, z) = g.coords(cell);
                (x as u32 + y as u32 + z as u32).is_multiple_of(2)
            } else {
                true
            };
            sh.push(Shape::Rect {
                x: cx - c / 2.0,
                y: cy - c / 2.0,
                w: c,
                h: c,
                fill: Some(if dark { DARK } else { LIGHT }),
                stroke: (!g.is_grid(cell)).then_some((INK, 1.0)),
                class: "cell",
            });
        }
        if !g.is_grid(cell) {
            sh.push(Shape::Text {
                x: cx + c * 0.6,
                y: cy,
                size: c * 0.28,
                text: g.name(cell),
                color: TEXT,
                left: true,
                class: "coord",
            });
        }
    }
    // The last move.
    if let Some(m) = opts.last {
        let mut marks = vec![m.to];
        if m.kind != MoveKind::Drop && m.from != NO_CELL {
            marks.push(m.from);
        }
        for cell in marks {
            if !g.exists(cell) {
                continue;
            }
            let (cx, cy) = centre(cell);
            let lw = (c / 14.0).max(2.0);
            sh.push(Shape::Rect {
                x: cx - c / 2.0 + lw / 2.0,
                y: cy - c / 2.0 + lw / 2.0,
                w: c - lw,
                h: c - lw,
                fill: None,
                stroke: Some((MARK, lw)),
                class: "last",
            });
        }
    }
    // Men.
    for cell in g.cells() {
        let p = pos.at(cell);
        if p.is_empty() {
            continue;
        }
        let (cx, cy) = centre(cell);
        let (fill, edge, ink) = owner_colors(p.owner());
        sh.push(Shape::Circle {
            cx,
            cy,
            r: c * 0.4,
            fill: Some(fill),
            stroke: Some((edge, (c / 24.0).max(1.0))),
            class: "piece",
        });
        let letter = v.pieces[p.kind() as usize].fen_token(p.owner());
        let size = if letter.chars().count() > 1 {
            c * 0.34
        } else {
            c * 0.46
        };
        sh.push(Shape::Text {
            x: cx,
            y: cy,
            size,
            text: letter,
            color: ink,
            left: false,
            class: "glyph",
        });
    }
    let mut ny = top + levels as f32 * slice_h + (levels - 1) as f32 * gap + c * 0.6 + note_h / 2.0;
    for n in notes {
        sh.push(Shape::Text {
            x: left,
            y: ny,
            size: c * 0.28,
            text: n,
            color: TEXT,
            left: true,
            class: "note",
        });
        ny += note_h;
    }
    Scene {
        width: width.ceil(),
        height: height.ceil(),
        background: BG,
        shapes: sh,
    }
}

/// Width of `n` characters of text of height `size`: as wide as the PNG's bitmap font draws
/// them (SVG fonts are narrower).
pub fn text_width(size: f32, n: usize) -> f32 {
    let scale = (size / 8.0).round().max(1.0);
    n as f32 * 6.0 * scale
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture as an SVG document.
pub fn svg(pos: &Position, opts: &Options) -> String {
    let sc = scene(pos, opts);
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"DejaVu Sans, Arial, sans-serif\">\n<title>{t}</title>\n\
         <rect class=\"background\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"{bg}\"/>\n",
        w = sc.width,
        h = sc.height,
        t = esc(&format!("{} {}", pos.v.id, crate::fen::to_fen(pos))),
        bg = sc.background.hex()
    );
    let paint = |fill: &Option<Rgb>, stroke: &Option<(Rgb, f32)>| {
        let mut a = match fill {
            Some(f) => format!(" fill=\"{}\"", f.hex()),
            None => " fill=\"none\"".into(),
        };
        if let Some((sc, w)) = stroke {
            a += &format!(" stroke=\"{}\" stroke-width=\"{:.1}\"", sc.hex(), w);
        }
        a
    };
    for shp in &sc.shapes {
        match shp {
            Shape::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
                class,
            } => {
                s += &format!(
                    "<rect class=\"{class}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\"{}/>\n",
                    paint(fill, stroke)
                );
            }
            Shape::Line {
                x1,
                y1,
                x2,
                y2,
                color,
                width,
            } => {
                s += &format!(
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{}\" stroke-width=\"{width:.1}\"/>\n",
                    color.hex()
                );
            }
            Shape::Circle {
                cx,
                cy,
                r,
                fill,
                stroke,
                class,
            } => {
                s += &format!(
                    "<circle class=\"{class}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\"{}/>\n",
                    paint(fill, stroke)
                );
            }
            Shape::Text {
                x,
                y,
                size,
                text,
                color,
                left,
                class,
            } => {
                let anchor = if *left { "start" } else { "middle" };
                let weight = if *class == "glyph" {
                    " font-weight=\"bold\""
                } else {
                    ""
                };
                s += &format!(
                    "<text class=\"{class}\" x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\" fill=\"{}\" text-anchor=\"{anchor}\" dominant-baseline=\"central\"{weight}>{}</text>\n",
                    color.hex(),
                    esc(text)
                );
            }
        }
    }
    s += "</svg>\n";
    s
}
