//! Export and import as the editor does them: the Export window opened with the map's
//! legend setting, the file asked for, the export started off the UI thread and its end
//! reported; a Tiled map (or another program's file) imported as a new unsaved map.
//! The export itself is `export_import::ExportJob`.

use crate::EditorApp;
use crate::files::PendingDialog;
use crate::files::dialogs::DialogRequest;
use crate::open_map::OpenMap;
use crate::windows::export_import::{ExportJob, ExportSpec, import_tiled};
use eframe::egui;
use std::path::{Path, PathBuf};

impl EditorApp {
    /// Open the export window; its legend starts as the map's view settings have it.
    pub(crate) fn open_export_window(&mut self) {
        let legend = self.doc.map().view().legend.is_some();
        self.windows.open_export(legend);
    }

    /// Ask where to export (after the window's "Export" button).
    pub(crate) fn request_export_path(&mut self, spec: ExportSpec) {
        let stem = self
            .doc
            .suggested_file_name()
            .rsplit_once('.')
            .map_or_else(|| "map".to_string(), |(s, _)| s.to_string());
        let request = DialogRequest::Export {
            suggested: format!("{stem}.{}", spec.format.extensions()[0]),
            format: spec.format,
        };
        self.ask_file(request, PendingDialog::Export { spec });
    }

    /// The export path was chosen: start the job (pictures and Tiled's tileset drawn with
    /// the images the editor loaded for the map), the map's image paths named from the
    /// exported file's folder, as every writer names them.
    pub(crate) fn start_export(
        &mut self,
        mut spec: ExportSpec,
        path: PathBuf,
        ctx: &egui::Context,
    ) {
        let images = self.canvas.images().shared();
        let copy = hexmap_io::image_paths::for_file(
            self.doc.map(),
            Some(&images),
            self.doc.images_from(),
            &path,
        );
        match copy {
            Ok((map, images)) => {
                spec.options.images = images;
                self.file_work
                    .start_export(ExportJob::start(map.into_owned(), spec, path, ctx));
            }
            Err(e) => self.windows.show_error(e.to_string()),
        }
    }

    /// Say how the running export ended, once it has.
    pub(crate) fn poll_export(&mut self) {
        match self.file_work.poll_export() {
            Some(Ok(message)) => self.windows.say(message),
            Some(Err(message)) => self.windows.show_error(message),
            None => {}
        }
    }

    /// Import `path` and open it (the unsaved-changes check already happened).
    pub(crate) fn open_import(&mut self, path: &Path) {
        match import_tiled(path) {
            Ok((doc, warnings)) => self.adopt_import(path, doc, warnings),
            Err(message) => self.windows.show_error(message),
        }
    }

    /// Make `doc`, imported from `path`, the editor's map: a new unsaved map (Save writes
    /// it as .ron), with what the import could not keep listed.
    pub(crate) fn adopt_import(&mut self, path: &Path, doc: OpenMap, warnings: Vec<String>) {
        self.replace_doc(doc);
        let message = format!(
            "Imported {} (a new map: Save writes it as .ron)",
            path.display()
        );
        self.windows.imported(message, warnings);
    }
}
