//! The shape of every format that only writes (CSV, the tables' files, the hex key): a
//! description and one function from a job to the files. Such a format is a static
//! [`ExportOnly`] rather than a type of its own with the same three-method impl each time.

use super::{Format, FormatInfo, WriteError, WriteJob, Written};

/// A write-only format: its [`FormatInfo`] (with `reads: false`) and its writer.
pub struct ExportOnly {
    /// Name, description, extensions, options and what it leaves out.
    pub(crate) info: FormatInfo,
    /// Writes the job's map as the main file plus side files.
    pub(crate) write: fn(WriteJob<'_>) -> Result<Written, WriteError>,
    /// For a format whose output is a folder, the main file's name in it
    /// ([`Format::folder_main`]).
    pub(crate) folder_main: Option<&'static str>,
}

impl Format for ExportOnly {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn write(&self, job: WriteJob<'_>) -> Result<Written, WriteError> {
        (self.write)(job)
    }

    fn folder_main(&self) -> Option<&'static str> {
        self.folder_main
    }
}
