-- Run output chunks are packed Float64 columns: pglz finds next to nothing to compress in them
-- but trying costs most of a run's final write (about 100 ms for 50,000 points of two outputs
-- on the reference machine, docs/performance.md). Stored out of line, uncompressed.
ALTER TABLE "run_output_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
