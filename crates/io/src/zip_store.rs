//! A zip archive of stored (uncompressed) entries: what a VASSAL module is. The entries are
//! a few small XML files and one PNG that is already compressed, so storing them costs
//! nothing, and the archive is the plain layout of the zip specification (PKWARE's
//! APPNOTE.TXT: local headers, then the central directory, then its end record).

/// The bytes of a zip archive holding `entries` (name, content) in that order.
///
/// Names are written as given (UTF-8, flag bit 11 set); times are the DOS epoch
/// (1980-01-01), so the same entries always give the same archive.
pub fn stored_zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let crc = crc.sum();
        let offset = out.len() as u32;
        let (name_len, size) = (name.len() as u16, data.len() as u32);
        // Local file header.
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        push_common(&mut out, crc, size, name_len);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        // Central directory entry.
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // made by: version 2.0
        push_common(&mut central, crc, size, name_len);
        central.extend_from_slice(&0u16.to_le_bytes()); // comment length
        central.extend_from_slice(&0u16.to_le_bytes()); // disk number
        central.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        central.extend_from_slice(&0u32.to_le_bytes()); // external attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let central_at = out.len() as u32;
    let count = entries.len() as u16;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // this disk
    out.extend_from_slice(&0u16.to_le_bytes()); // disk of the directory
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&central_at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // comment length
    out
}

/// The fields a local header and a central entry share, from "version needed" to the
/// extra field's length.
fn push_common(out: &mut Vec<u8>, crc: u32, size: u32, name_len: u16) {
    out.extend_from_slice(&20u16.to_le_bytes()); // version needed: 2.0
    out.extend_from_slice(&(1u16 << 11).to_le_bytes()); // flags: UTF-8 names
    out.extend_from_slice(&0u16.to_le_bytes()); // method: stored
    out.extend_from_slice(&0u16.to_le_bytes()); // time 00:00
    out.extend_from_slice(&0x0021u16.to_le_bytes()); // date 1980-01-01
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes()); // compressed
    out.extend_from_slice(&size.to_le_bytes()); // uncompressed
    out.extend_from_slice(&name_len.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes()); // extra field length
}

/// The entries of an archive [`stored_zip`] wrote: (name, content), read back by the
/// central directory (for tests and the module checks).
pub fn read_stored_zip(zip: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
    let u16_at = |i: usize| Some(u16::from_le_bytes(zip.get(i..i + 2)?.try_into().ok()?));
    let u32_at = |i: usize| Some(u32::from_le_bytes(zip.get(i..i + 4)?.try_into().ok()?));
    let end = zip.len().checked_sub(22)?;
    if u32_at(end)? != 0x0605_4b50 {
        return None;
    }
    let count = usize::from(u16_at(end + 10)?);
    let mut at = u32_at(end + 16)? as usize;
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        if u32_at(at)? != 0x0201_4b50 || u16_at(at + 10)? != 0 {
            return None;
        }
        let size = u32_at(at + 20)? as usize;
        let name_len = usize::from(u16_at(at + 28)?);
        let local = u32_at(at + 42)? as usize;
        let name = String::from_utf8(zip.get(at + 46..at + 46 + name_len)?.to_vec()).ok()?;
        let data_at =
            local + 30 + usize::from(u16_at(local + 26)?) + usize::from(u16_at(local + 28)?);
        entries.push((name, zip.get(data_at..data_at + size)?.to_vec()));
        at += 46 + name_len;
    }
    Some(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_and_the_crc_is_the_standard_one() {
        let zip = stored_zip(&[("a.txt", b"123456789"), ("images/b.png", b"")]);
        // CRC-32 of "123456789" is 0xCBF43926 (the check value of the standard).
        assert_eq!(&zip[14..18], &0xCBF4_3926u32.to_le_bytes());
        let back = read_stored_zip(&zip).unwrap();
        assert_eq!(back[0], ("a.txt".to_string(), b"123456789".to_vec()));
        assert_eq!(back[1], ("images/b.png".to_string(), Vec::new()));
    }
}
