//! hexmap's own RON files (docs/FORMAT.md), offset or cube form, as a [`Format`].

use super::{
    Format, FormatInfo, FormatOption, Imported, ReadError, ReadJob, WriteError, WriteJob, Written,
};
use crate::{from_bytes, to_string};

/// The native format: every map reads back exactly.
pub struct Ron;

impl Format for Ron {
    fn info(&self) -> &FormatInfo {
        &FormatInfo {
            name: "ron",
            description: "hexmap map (RON)",
            extensions: &["ron"],
            options: &[FormatOption::Form],
            reads: true,
            writes: true,
            drops: &[],
        }
    }

    fn recognizes(&self, head: &[u8]) -> bool {
        // A RON map is one `(...)` structure, after white space and `//` comment lines.
        let mut rest = head;
        loop {
            rest = rest.trim_ascii_start();
            match rest.strip_prefix(b"//") {
                Some(comment) => {
                    let Some(end) = comment.iter().position(|&b| b == b'\n') else {
                        return false;
                    };
                    rest = &comment[end..];
                }
                None => return rest.starts_with(b"("),
            }
        }
    }

    fn read(&self, job: ReadJob<'_>) -> Result<Imported, ReadError> {
        let (map, form) = from_bytes(job.bytes).map_err(|source| ReadError::Map {
            file: job.file_name.into(),
            source,
        })?;
        Ok(Imported {
            map,
            form: Some(form),
            warnings: Vec::new(),
        })
    }

    fn write(&self, job: WriteJob<'_>) -> Result<Written, WriteError> {
        let text = to_string(job.map, job.opts.form);
        (job.progress)(1.0);
        Ok(Written::main(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::WriteOptions;
    use crate::{Form, NoResources};

    #[test]
    fn writes_the_chosen_form_and_reads_it_back() {
        let map = hexmap_map::testing::TestMap::hexagon(1, hexmap_hex::Orientation::Flat)
            .named("r")
            .build();
        for form in [Form::Offset, Form::Cube] {
            let opts = WriteOptions {
                form,
                ..WriteOptions::default()
            };
            let w = Ron
                .write(WriteJob::new(&map, &opts, "m.ron", &mut |_| {}))
                .unwrap();
            assert!(Ron.recognizes(&w.main));
            let back = Ron
                .read(ReadJob::new(&w.main, "m.ron", &NoResources))
                .unwrap();
            assert_eq!(back.form, Some(form));
            assert_eq!(back.map.shape(), map.shape());
        }
        assert!(!Ron.recognizes(b"// only a comment") && !Ron.recognizes(b"<map>"));
        let e = Ron
            .read(ReadJob::new(b"(format: \"x\")", "bad.ron", &NoResources))
            .unwrap_err();
        assert!(e.to_string().starts_with("bad.ron: "), "{e}");
    }
}
