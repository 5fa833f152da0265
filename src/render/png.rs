//! Rasterising a [`Scene`] and writing it as PNG: a plain RGB canvas, the 5x7 font scaled by
//! whole pixels, and a minimal PNG encoder (zlib stored blocks, CRC-32, Adler-32).

use super::{Options, Rgb, Scene, Shape, font, scene};
use crate::position::Position;

/// An RGB image.
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, bg: Rgb) -> Canvas {
        let mut data = Vec::with_capacity((width * height * 3) as usize);
        for _ in 0..width * height {
            data.extend_from_slice(&[bg.0, bg.1, bg.2]);
        }
        Canvas {
            width,
            height,
            data,
        }
    }

    /// Blends `c` at (x, y) with coverage `a` in [0, 1].
    fn plot(&mut self, x: i64, y: i64, c: Rgb, a: f32) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 || a <= 0.0 {
            return;
        }
        let i = ((y as u32 * self.width + x as u32) * 3) as usize;
        let a = a.min(1.0);
        for (k, v) in [c.0, c.1, c.2].into_iter().enumerate() {
            let old = self.data[i + k] as f32;
            self.data[i + k] = (old + (v as f32 - old) * a).round() as u8;
        }
    }

    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let i = ((y * self.width + x) * 3) as usize;
        Rgb(self.data[i], self.data[i + 1], self.data[i + 2])
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
        let (x0, y0) = (x.round() as i64, y.round() as i64);
        let (x1, y1) = ((x + w).round() as i64, (y + h).round() as i64);
        for yy in y0.max(0)..y1.min(self.height as i64) {
            for xx in x0.max(0)..x1.min(self.width as i64) {
                self.plot(xx, yy, c, 1.0);
            }
        }
    }

    /// Pixels within distance `f` of something, with a one-pixel soft edge: `dist(px, py)`
    /// gives the distance from the pixel centre to the shape's inside.
    fn shade(&mut self, bbox: (f32, f32, f32, f32), c: Rgb, dist: impl Fn(f32, f32) -> f32) {
        let (x0, y0, x1, y1) = bbox;
        let (x0, y0) = (
            (x0.floor() as i64 - 1).max(0),
            (y0.floor() as i64 - 1).max(0),
        );
        let x1 = (x1.ceil() as i64 + 1).min(self.width as i64);
        let y1 = (y1.ceil() as i64 + 1).min(self.height as i64);
        for y in y0..y1 {
            for x in x0..x1 {
                let d = dist(x as f32 + 0.5, y as f32 + 0.5);
                self.plot(x, y, c, 0.5 - d);
            }
        }
    }

    fn line(&mut self, (x1, y1): (f32, f32), (x2, y2): (f32, f32), w: f32, c: Rgb) {
        let r = w.max(1.0) / 2.0;
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        let bbox = (
            x1.min(x2) - r,
            y1.min(y2) - r,
            x1.max(x2) + r,
            y1.max(y2) + r,
        );
        self.shade(bbox, c, |px, py| {
            let t = (((px - x1) * dx + (py - y1) * dy) / len2).clamp(0.0, 1.0);
            let (qx, qy) = (x1 + t * dx, y1 + t * dy);
            ((px - qx).powi(2) + (py - qy).powi(2)).sqrt() - r
        });
    }

    fn disc(&mut self, cx: f32, cy: f32, r: f32, c: Rgb) {
        self.shade((cx - r, cy - r, cx + r, cy + r), c, |px, py| {
            ((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r
        });
    }

    fn ring(&mut self, cx: f32, cy: f32, r: f32, w: f32, c: Rgb) {
        let h = w.max(1.0) / 2.0;
        self.shade(
            (cx - r - h, cy - r - h, cx + r + h, cy + r + h),
            c,
            |px, py| (((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r).abs() - h,
        );
    }

    /// Text in the 5x7 font, `scale` pixels per font dot, starting at x or centred on it.
    fn text(&mut self, x: f32, y: f32, size: f32, s: &str, c: Rgb, left: bool) {
        let scale = ((size / 8.0).round() as i64).max(1);
        let n = s.chars().count() as i64;
        let tw = (n * 6 - 1).max(0) * scale;
        let th = 7 * scale;
        let x0 = if left {
            x.round() as i64
        } else {
            (x - tw as f32 / 2.0).round() as i64
        };
        let y0 = (y - th as f32 / 2.0).round() as i64;
        for (i, ch) in s.chars().enumerate() {
            let gl = font::glyph(ch);
            let gx = x0 + i as i64 * 6 * scale;
            for (row, bits) in gl.iter().enumerate() {
                for col in 0..5 {
                    if bits >> (4 - col) & 1 == 1 {
                        for dy in 0..scale {
                            for dx in 0..scale {
                                self.plot(
                                    gx + col * scale + dx,
                                    y0 + row as i64 * scale + dy,
                                    c,
                                    1.0,
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    pub fn draw(sc: &Scene) -> Canvas {
        let w = (sc.width.max(1.0) as u32).min(16384);
        let h = (sc.height.max(1.0) as u32).min(16384);
        let mut cv = Canvas::new(w, h, sc.background);
        for s in &sc.shapes {
            match s {
                Shape::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                    ..
                } => {
                    if let Some(f) = fill {
                        cv.fill_rect(*x, *y, *w, *h, *f);
                    }
                    if let Some((c, lw)) = stroke {
                        let (x1, y1) = (x + w, y + h);
                        cv.line((*x, *y), (x1, *y), *lw, *c);
                        cv.line((x1, *y), (x1, y1), *lw, *c);
                        cv.line((x1, y1), (*x, y1), *lw, *c);
                        cv.line((*x, y1), (*x, *y), *lw, *c);
                    }
                }
                Shape::Line {
                    x1,
                    y1,
                    x2,
                    y2,
                    color,
                    width,
                } => cv.line((*x1, *y1), (*x2, *y2), *width, *color),
                Shape::Circle {
                    cx,
                    cy,
                    r,
                    fill,
                    stroke,
                    ..
                } => {
                    if let Some(f) = fill {
                        cv.disc(*cx, *cy, *r, *f);
                    }
                    if let Some((c, lw)) = stroke {
                        cv.ring(*cx, *cy, *r, *lw, *c);
                    }
                }
                Shape::Text {
                    x,
                    y,
                    size,
                    text,
                    color,
                    left,
                    ..
                } => cv.text(*x, *y, *size, text, *color, *left),
            }
        }
        cv
    }
}

/// CRC-32 (ISO-HDLC, as PNG uses).
pub fn crc32(data: &[u8]) -> u32 {
    static TABLE: once_cell::sync::Lazy<[u32; 256]> = once_cell::sync::Lazy::new(|| {
        let mut t = [0u32; 256];
        for (n, e) in t.iter_mut().enumerate() {
            let mut c = n as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *e = c;
        }
        t
    });
    let mut c = 0xFFFF_FFFFu32;
    for &b in data {
        c = TABLE[((c ^ b as u32) & 0xff) as usize] ^ (c >> 8);
    }
    c ^ 0xFFFF_FFFF
}

pub fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += x as u32;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    b << 16 | a
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream of stored (uncompressed) deflate blocks.
pub fn zlib_stored(raw: &[u8]) -> Vec<u8> {
    let mut z = vec![0x78, 0x01];
    let mut blocks = raw.chunks(65535).peekable();
    if blocks.peek().is_none() {
        z.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(b) = blocks.next() {
        z.push(if blocks.peek().is_none() { 1 } else { 0 });
        let n = b.len() as u16;
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&(!n).to_le_bytes());
        z.extend_from_slice(b);
    }
    z.extend_from_slice(&adler32(raw).to_be_bytes());
    z
}

/// An 8-bit RGB PNG of the canvas.
pub fn encode(cv: &Canvas) -> Vec<u8> {
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&cv.width.to_be_bytes());
    ihdr.extend_from_slice(&cv.height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    let row = cv.width as usize * 3;
    let mut raw = Vec::with_capacity((row + 1) * cv.height as usize);
    for y in 0..cv.height as usize {
        raw.push(0);
        raw.extend_from_slice(&cv.data[y * row..(y + 1) * row]);
    }
    chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// The picture of a position as PNG bytes.
pub fn png(pos: &Position, opts: &Options) -> Vec<u8> {
    encode(&Canvas::draw(&scene(pos, opts)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_known_values() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }
}
