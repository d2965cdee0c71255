-- Personal data encrypted at rest (issue #34 item 2, docs/decisions/119). The sensitive columns of
-- students, parents and teachers hold AES-256-GCM ciphertext (`pd1:<key id>:…`, longer than the
-- clear value: text), each with the keyed hash of its value beside it for exact search. The rows
-- already there are encrypted by the backend when it starts (the key is the environment's, never
-- the database's); `npm run personal-data:rotate` re-encrypts them under a new key.
ALTER TABLE school_student ALTER COLUMN passport_no TYPE text;
ALTER TABLE school_student ADD COLUMN passport_no_hash varchar(64);
CREATE INDEX idx_school_student_passport_no_hash ON school_student (passport_no_hash) WHERE passport_no_hash IS NOT NULL;

ALTER TABLE school_parent ALTER COLUMN phone TYPE text, ALTER COLUMN email TYPE text;
ALTER TABLE school_parent ADD COLUMN phone_hash varchar(64), ADD COLUMN email_hash varchar(64);
CREATE INDEX idx_school_parent_phone_hash ON school_parent (phone_hash) WHERE phone_hash IS NOT NULL;
CREATE INDEX idx_school_parent_email_hash ON school_parent (email_hash) WHERE email_hash IS NOT NULL;

ALTER TABLE school_teacher ALTER COLUMN phone TYPE text, ALTER COLUMN email TYPE text;
ALTER TABLE school_teacher ADD COLUMN phone_hash varchar(64), ADD COLUMN email_hash varchar(64);
CREATE INDEX idx_school_teacher_phone_hash ON school_teacher (phone_hash) WHERE phone_hash IS NOT NULL;
CREATE INDEX idx_school_teacher_email_hash ON school_teacher (email_hash) WHERE email_hash IS NOT NULL;

-- One row per key that ever encrypted: a known text under that key, so a backend started with
-- another secret under the same id refuses to start instead of writing data nobody can read.
-- The row `#hash` holds the search hash of the known text: the same for the hash key.
CREATE TABLE sys_personal_data_key (
  key_id      varchar(20) PRIMARY KEY,
  check_value text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);

-- Report SQL sees none of them, nor their hashes (decision 078's views leave hidden columns out).
UPDATE report_source SET hidden_columns = 'passport_no,passport_no_hash' WHERE table_name = 'school_student';
UPDATE report_source SET hidden_columns = 'phone,phone_hash,email,email_hash,wechat_open_id' WHERE table_name = 'school_parent';
UPDATE report_source SET hidden_columns = 'phone,phone_hash,email,email_hash' WHERE table_name = 'school_teacher';
