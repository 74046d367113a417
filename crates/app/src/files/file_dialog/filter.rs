//! Which files a dialog lists: the extensions of the format(s) asked for, taken from the
//! `io::format` registry (the same list the native dialogs' filters use).

use crate::files::dialogs::DialogRequest;
use hexmap_io::format::{Format, native, readers};
use std::path::{Path, PathBuf};

/// The formats a dialog is for: a description and their file name extensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileFilter {
    /// What the files are ("RON map").
    pub description: String,
    /// Extensions, lowercase without the dot; the first is added to a bare save name.
    pub extensions: Vec<&'static str>,
}

impl FileFilter {
    /// The filter for `request`: the native format to open or save a map, the chosen
    /// format to export, every other readable format to import.
    pub fn for_request(request: &DialogRequest) -> Self {
        if *request == DialogRequest::ChooseImage {
            return FileFilter {
                description: "image (PNG, JPEG, SVG)".into(),
                extensions: crate::files::dialogs::IMAGE_EXTENSIONS.to_vec(),
            };
        }
        if matches!(
            request,
            DialogRequest::OpenBiomes | DialogRequest::SaveBiomes { .. }
        ) {
            return FileFilter {
                description: "biome table".into(),
                extensions: crate::files::dialogs::BIOME_EXTENSIONS.to_vec(),
            };
        }
        let formats: Vec<&'static dyn Format> = match request {
            DialogRequest::Open | DialogRequest::SaveAs { .. } => vec![native()],
            DialogRequest::Export { format, .. } => vec![*format],
            DialogRequest::ImportTiled => readers().filter(|&f| f != native()).collect(),
            DialogRequest::ChooseImage
            | DialogRequest::OpenBiomes
            | DialogRequest::SaveBiomes { .. } => Vec::new(),
        };
        FileFilter {
            description: formats
                .iter()
                .map(|f| f.description())
                .collect::<Vec<_>>()
                .join(", "),
            extensions: formats
                .iter()
                .flat_map(|f| f.extensions())
                .copied()
                .collect(),
        }
    }

    /// "RON map (*.ron)": the filter as the dialog shows it.
    pub fn label(&self) -> String {
        let globs: Vec<String> = self.extensions.iter().map(|e| format!("*.{e}")).collect();
        format!("{} ({})", self.description, globs.join(" "))
    }

    /// True when `path`'s extension is one of the filter's (any letter case).
    pub fn matches(&self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| self.extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
    }

    /// `path` with the filter's first extension added when it has none ("board" →
    /// "board.ron"); a name with any extension is kept as typed.
    pub fn with_default_extension(&self, path: PathBuf) -> PathBuf {
        match (path.extension(), self.extensions.first()) {
            (None, Some(ext)) if path.file_name().is_some() => {
                let mut name = path.file_name().unwrap_or_default().to_os_string();
                name.push(".");
                name.push(ext);
                path.with_file_name(name)
            }
            _ => path,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_io::format::by_name;

    #[test]
    fn open_and_save_list_maps_export_its_format_import_the_others() {
        let open = FileFilter::for_request(&DialogRequest::Open);
        assert_eq!(open.extensions, ["ron"]);
        assert_eq!(open.label(), format!("{} (*.ron)", native().description()));
        assert!(open.matches(Path::new("/a/B.RON")));
        assert!(!open.matches(Path::new("/a/b.tmx")));
        assert!(!open.matches(Path::new("/a/ron")));

        let png = by_name("png").unwrap();
        let export = FileFilter::for_request(&DialogRequest::Export {
            suggested: "m.png".into(),
            format: png,
        });
        assert_eq!(export.extensions, png.extensions());

        let import = FileFilter::for_request(&DialogRequest::ImportTiled);
        assert!(import.matches(Path::new("m.tmx")) && import.matches(Path::new("m.tmj")));
        assert!(!import.matches(Path::new("m.ron")));
    }

    #[test]
    fn a_bare_save_name_gets_the_first_extension() {
        let f = FileFilter::for_request(&DialogRequest::SaveAs {
            suggested: "m.ron".into(),
        });
        assert_eq!(
            f.with_default_extension("/t/board".into()),
            PathBuf::from("/t/board.ron")
        );
        assert_eq!(
            f.with_default_extension("/t/board.txt".into()),
            PathBuf::from("/t/board.txt")
        );
    }
}
