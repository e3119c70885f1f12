export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.0.2"
  }
  public: {
    Tables: {
      attendance_marks: {
        Row: {
          id: string
          marked_at: string
          marked_by: string | null
          marked_by_email: string | null
          participant_id: string
          session_day_id: string
          status: string
        }
        Insert: {
          id?: string
          marked_at?: string
          marked_by?: string | null
          marked_by_email?: string | null
          participant_id: string
          session_day_id: string
          status: string
        }
        Update: {
          id?: string
          marked_at?: string
          marked_by?: string | null
          marked_by_email?: string | null
          participant_id?: string
          session_day_id?: string
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "attendance_marks_participant_id_fkey"
            columns: ["participant_id"]
            referencedRelation: "order_participants"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "attendance_marks_session_day_id_fkey"
            columns: ["session_day_id"]
            referencedRelation: "intake_session_days"
            referencedColumns: ["id"]
          },
        ]
      }
      certificate_issues: {
        Row: {
          certificate_id: string
          holder_name: string
          id: string
          issued_at: string
          issued_by: string | null
          reason: string | null
        }
        Insert: {
          certificate_id: string
          holder_name: string
          id?: string
          issued_at?: string
          issued_by?: string | null
          reason?: string | null
        }
        Update: {
          certificate_id?: string
          holder_name?: string
          id?: string
          issued_at?: string
          issued_by?: string | null
          reason?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "certificate_issues_certificate_id_fkey"
            columns: ["certificate_id"]
            referencedRelation: "certificates"
            referencedColumns: ["id"]
          },
        ]
      }
      certificates: {
        Row: {
          code: string
          ends_on: string
          holder_name: string
          hours: number | null
          id: string
          intake_id: string
          issued_at: string
          issued_by: string | null
          participant_id: string
          program_id: string
          program_title: string
          revoked_at: string | null
          revoked_by: string | null
          revoked_reason: string | null
          starts_on: string
          updated_at: string
        }
        Insert: {
          code: string
          ends_on: string
          holder_name: string
          hours?: number | null
          id?: string
          intake_id: string
          issued_at?: string
          issued_by?: string | null
          participant_id: string
          program_id: string
          program_title: string
          revoked_at?: string | null
          revoked_by?: string | null
          revoked_reason?: string | null
          starts_on: string
          updated_at?: string
        }
        Update: {
          code?: string
          ends_on?: string
          holder_name?: string
          hours?: number | null
          id?: string
          intake_id?: string
          issued_at?: string
          issued_by?: string | null
          participant_id?: string
          program_id?: string
          program_title?: string
          revoked_at?: string | null
          revoked_by?: string | null
          revoked_reason?: string | null
          starts_on?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "certificates_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "certificates_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "public_program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "certificates_participant_id_fkey"
            columns: ["participant_id"]
            referencedRelation: "order_participants"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "certificates_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "public_training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "certificates_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "training_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      completion_overrides: {
        Row: {
          completed: boolean
          decided_at: string
          decided_by: string | null
          decided_by_email: string | null
          id: string
          participant_id: string
          reason: string
        }
        Insert: {
          completed: boolean
          decided_at?: string
          decided_by?: string | null
          decided_by_email?: string | null
          id?: string
          participant_id: string
          reason: string
        }
        Update: {
          completed?: boolean
          decided_at?: string
          decided_by?: string | null
          decided_by_email?: string | null
          id?: string
          participant_id?: string
          reason?: string
        }
        Relationships: [
          {
            foreignKeyName: "completion_overrides_participant_id_fkey"
            columns: ["participant_id"]
            referencedRelation: "order_participants"
            referencedColumns: ["id"]
          },
        ]
      }
      data_erasure_requests: {
        Row: {
          completed_at: string | null
          completed_by: string | null
          completed_by_email: string | null
          due_by: string
          email: string | null
          id: string
          kept_orders: string[]
          kept_until: string | null
          note: string | null
          requested_at: string
          status: string
        }
        Insert: {
          completed_at?: string | null
          completed_by?: string | null
          completed_by_email?: string | null
          due_by: string
          email?: string | null
          id?: string
          kept_orders?: string[]
          kept_until?: string | null
          note?: string | null
          requested_at?: string
          status?: string
        }
        Update: {
          completed_at?: string | null
          completed_by?: string | null
          completed_by_email?: string | null
          due_by?: string
          email?: string | null
          id?: string
          kept_orders?: string[]
          kept_until?: string | null
          note?: string | null
          requested_at?: string
          status?: string
        }
        Relationships: []
      }
      enquiries: {
        Row: {
          assigned_to: string | null
          client_key: string
          consent_text: string
          consented_at: string
          created_at: string
          email: string
          id: string
          internal_notes: string | null
          message: string
          name: string
          organisation: string | null
          phone: string | null
          status: string
          topic: string
          updated_at: string
        }
        Insert: {
          assigned_to?: string | null
          client_key: string
          consent_text: string
          consented_at: string
          created_at?: string
          email: string
          id?: string
          internal_notes?: string | null
          message: string
          name: string
          organisation?: string | null
          phone?: string | null
          status?: string
          topic: string
          updated_at?: string
        }
        Update: {
          assigned_to?: string | null
          client_key?: string
          consent_text?: string
          consented_at?: string
          created_at?: string
          email?: string
          id?: string
          internal_notes?: string | null
          message?: string
          name?: string
          organisation?: string | null
          phone?: string | null
          status?: string
          topic?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "enquiries_assigned_to_fkey"
            columns: ["assigned_to"]
            referencedRelation: "staff"
            referencedColumns: ["user_id"]
          },
        ]
      }
      event_registrations: {
        Row: {
          cancelled_at: string | null
          checked_in_at: string | null
          client_key: string
          created_at: string
          email: string
          event_id: string
          id: string
          name: string
          organisation: string | null
          phone: string
          promoted_at: string | null
          seats: number
          status: string
          token: string
          updated_at: string
        }
        Insert: {
          cancelled_at?: string | null
          checked_in_at?: string | null
          client_key: string
          created_at?: string
          email: string
          event_id: string
          id?: string
          name: string
          organisation?: string | null
          phone: string
          promoted_at?: string | null
          seats?: number
          status: string
          token?: string
          updated_at?: string
        }
        Update: {
          cancelled_at?: string | null
          checked_in_at?: string | null
          client_key?: string
          created_at?: string
          email?: string
          event_id?: string
          id?: string
          name?: string
          organisation?: string | null
          phone?: string
          promoted_at?: string | null
          seats?: number
          status?: string
          token?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_registrations_event_id_fkey"
            columns: ["event_id"]
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_registrations_event_id_fkey"
            columns: ["event_id"]
            referencedRelation: "public_events"
            referencedColumns: ["id"]
          },
        ]
      }
      events: {
        Row: {
          calendar_sequence: number
          cancelled_at: string | null
          capacity: number | null
          category: string | null
          created_at: string
          currency: string | null
          description: string
          ends_at: string
          id: string
          image_url: string | null
          is_published: boolean
          mode: string
          price_amount: number | null
          registration_url: string | null
          slug: string
          starts_at: string
          tax_class: string
          title: string
          updated_at: string
          venue: string
        }
        Insert: {
          calendar_sequence?: number
          cancelled_at?: string | null
          capacity?: number | null
          category?: string | null
          created_at?: string
          currency?: string | null
          description: string
          ends_at: string
          id?: string
          image_url?: string | null
          is_published?: boolean
          mode?: string
          price_amount?: number | null
          registration_url?: string | null
          slug?: string
          starts_at: string
          tax_class?: string
          title: string
          updated_at?: string
          venue: string
        }
        Update: {
          calendar_sequence?: number
          cancelled_at?: string | null
          capacity?: number | null
          category?: string | null
          created_at?: string
          currency?: string | null
          description?: string
          ends_at?: string
          id?: string
          image_url?: string | null
          is_published?: boolean
          mode?: string
          price_amount?: number | null
          registration_url?: string | null
          slug?: string
          starts_at?: string
          tax_class?: string
          title?: string
          updated_at?: string
          venue?: string
        }
        Relationships: [
          {
            foreignKeyName: "events_tax_class_fkey"
            columns: ["tax_class"]
            referencedRelation: "tax_classes"
            referencedColumns: ["id"]
          },
        ]
      }
      impact_metrics: {
        Row: {
          created_at: string
          id: string
          is_published: boolean
          label: string
          sort_order: number
          suffix: string
          updated_at: string
          value: number
        }
        Insert: {
          created_at?: string
          id?: string
          is_published?: boolean
          label: string
          sort_order?: number
          suffix?: string
          updated_at?: string
          value: number
        }
        Update: {
          created_at?: string
          id?: string
          is_published?: boolean
          label?: string
          sort_order?: number
          suffix?: string
          updated_at?: string
          value?: number
        }
        Relationships: []
      }
      intake_session_days: {
        Row: {
          created_at: string
          day: string
          id: string
          intake_id: string
        }
        Insert: {
          created_at?: string
          day: string
          id?: string
          intake_id: string
        }
        Update: {
          created_at?: string
          day?: string
          id?: string
          intake_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "intake_session_days_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "intake_session_days_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "public_program_intakes"
            referencedColumns: ["id"]
          },
        ]
      }
      mail_outbox: {
        Row: {
          attempts: number
          campaign_id: string | null
          campaign_recipient_id: string | null
          certificate_id: string | null
          claim_id: string | null
          created_at: string
          data_erasure_request_id: string | null
          enquiry_id: string | null
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          next_attempt_at: string
          order_id: string | null
          payment_receipt_id: string | null
          position: number
          quote_id: string | null
          recipient: string | null
          registration_id: string | null
          sent_at: string | null
          status: string
          subscriber_id: string | null
          tax_document_id: string | null
          updated_at: string
        }
        Insert: {
          attempts?: number
          campaign_id?: string | null
          campaign_recipient_id?: string | null
          certificate_id?: string | null
          claim_id?: string | null
          created_at?: string
          data_erasure_request_id?: string | null
          enquiry_id?: string | null
          id?: string
          kind: string
          last_error?: string | null
          lease_until?: string | null
          next_attempt_at?: string
          order_id?: string | null
          payment_receipt_id?: string | null
          position?: never
          quote_id?: string | null
          recipient?: string | null
          registration_id?: string | null
          sent_at?: string | null
          status?: string
          subscriber_id?: string | null
          tax_document_id?: string | null
          updated_at?: string
        }
        Update: {
          attempts?: number
          campaign_id?: string | null
          campaign_recipient_id?: string | null
          certificate_id?: string | null
          claim_id?: string | null
          created_at?: string
          data_erasure_request_id?: string | null
          enquiry_id?: string | null
          id?: string
          kind?: string
          last_error?: string | null
          lease_until?: string | null
          next_attempt_at?: string
          order_id?: string | null
          payment_receipt_id?: string | null
          position?: never
          quote_id?: string | null
          recipient?: string | null
          registration_id?: string | null
          sent_at?: string | null
          status?: string
          subscriber_id?: string | null
          tax_document_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "mail_outbox_campaign_id_fkey"
            columns: ["campaign_id"]
            referencedRelation: "newsletter_campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_campaign_recipient_id_fkey"
            columns: ["campaign_recipient_id"]
            referencedRelation: "newsletter_campaign_recipients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_certificate_id_fkey"
            columns: ["certificate_id"]
            referencedRelation: "certificates"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_data_erasure_request_id_fkey"
            columns: ["data_erasure_request_id"]
            referencedRelation: "data_erasure_requests"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_enquiry_id_fkey"
            columns: ["enquiry_id"]
            referencedRelation: "enquiries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_payment_receipt_id_fkey"
            columns: ["payment_receipt_id"]
            referencedRelation: "payment_receipts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_quote_id_fkey"
            columns: ["quote_id"]
            referencedRelation: "quotes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_registration_id_fkey"
            columns: ["registration_id"]
            referencedRelation: "event_registrations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_subscriber_id_fkey"
            columns: ["subscriber_id"]
            referencedRelation: "newsletter_subscribers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_tax_document_id_fkey"
            columns: ["tax_document_id"]
            referencedRelation: "tax_documents"
            referencedColumns: ["id"]
          },
        ]
      }
      mpesa_payment_attempts: {
        Row: {
          amount: number
          checkout_request_id: string | null
          id: string
          merchant_request_id: string | null
          order_id: string
          phone: string
          receipt: string | null
          requested_at: string
          result_code: number | null
          result_desc: string | null
          settled_at: string | null
          settled_by: string | null
          status: string
        }
        Insert: {
          amount: number
          checkout_request_id?: string | null
          id?: string
          merchant_request_id?: string | null
          order_id: string
          phone: string
          receipt?: string | null
          requested_at?: string
          result_code?: number | null
          result_desc?: string | null
          settled_at?: string | null
          settled_by?: string | null
          status?: string
        }
        Update: {
          amount?: number
          checkout_request_id?: string | null
          id?: string
          merchant_request_id?: string | null
          order_id?: string
          phone?: string
          receipt?: string | null
          requested_at?: string
          result_code?: number | null
          result_desc?: string | null
          settled_at?: string | null
          settled_by?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "mpesa_payment_attempts_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_campaign_recipients: {
        Row: {
          campaign_id: string
          created_at: string
          id: string
          state: string
          subscriber_id: string
          updated_at: string
        }
        Insert: {
          campaign_id: string
          created_at?: string
          id?: string
          state?: string
          subscriber_id: string
          updated_at?: string
        }
        Update: {
          campaign_id?: string
          created_at?: string
          id?: string
          state?: string
          subscriber_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "newsletter_campaign_recipients_campaign_id_fkey"
            columns: ["campaign_id"]
            referencedRelation: "newsletter_campaigns"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "newsletter_campaign_recipients_subscriber_id_fkey"
            columns: ["subscriber_id"]
            referencedRelation: "newsletter_subscribers"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_campaigns: {
        Row: {
          audience: string
          audience_topic: string | null
          body_html: string
          body_text: string
          created_at: string
          created_by: string | null
          id: string
          preheader: string | null
          send_at: string | null
          send_started_at: string | null
          sent_at: string | null
          state: string
          stopped_at: string | null
          subject: string
          updated_at: string
        }
        Insert: {
          audience?: string
          audience_topic?: string | null
          body_html: string
          body_text: string
          created_at?: string
          created_by?: string | null
          id?: string
          preheader?: string | null
          send_at?: string | null
          send_started_at?: string | null
          sent_at?: string | null
          state?: string
          stopped_at?: string | null
          subject: string
          updated_at?: string
        }
        Update: {
          audience?: string
          audience_topic?: string | null
          body_html?: string
          body_text?: string
          created_at?: string
          created_by?: string | null
          id?: string
          preheader?: string | null
          send_at?: string | null
          send_started_at?: string | null
          sent_at?: string | null
          state?: string
          stopped_at?: string | null
          subject?: string
          updated_at?: string
        }
        Relationships: []
      }
      newsletter_subscriber_interests: {
        Row: {
          consent_text: string
          consented_at: string
          id: string
          subscriber_id: string
          topic: string
        }
        Insert: {
          consent_text: string
          consented_at?: string
          id?: string
          subscriber_id: string
          topic: string
        }
        Update: {
          consent_text?: string
          consented_at?: string
          id?: string
          subscriber_id?: string
          topic?: string
        }
        Relationships: [
          {
            foreignKeyName: "newsletter_subscriber_interests_subscriber_id_fkey"
            columns: ["subscriber_id"]
            referencedRelation: "newsletter_subscribers"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_subscribers: {
        Row: {
          bounced_at: string | null
          confirmation_sent_at: string | null
          confirmed_at: string | null
          consent_text: string | null
          consented_at: string | null
          created_at: string
          email: string
          hard_bounces: number
          id: string
          requested_at: string
          source: string
          status: string
          token: string
          unsubscribed_at: string | null
        }
        Insert: {
          bounced_at?: string | null
          confirmation_sent_at?: string | null
          confirmed_at?: string | null
          consent_text?: string | null
          consented_at?: string | null
          created_at?: string
          email: string
          hard_bounces?: number
          id?: string
          requested_at?: string
          source?: string
          status?: string
          token?: string
          unsubscribed_at?: string | null
        }
        Update: {
          bounced_at?: string | null
          confirmation_sent_at?: string | null
          confirmed_at?: string | null
          consent_text?: string | null
          consented_at?: string | null
          created_at?: string
          email?: string
          hard_bounces?: number
          id?: string
          requested_at?: string
          source?: string
          status?: string
          token?: string
          unsubscribed_at?: string | null
        }
        Relationships: []
      }
      order_items: {
        Row: {
          created_at: string
          currency: string
          discount_amount: number
          discounted_seats: number
          early_bird_until: string | null
          id: string
          intake_id: string | null
          line_total: number | null
          order_id: string
          position: number
          program_id: string | null
          quantity: number
          regular_unit_price: number | null
          tax_class: string
          title: string
          unit_price: number
        }
        Insert: {
          created_at?: string
          currency: string
          discount_amount?: number
          discounted_seats?: number
          early_bird_until?: string | null
          id?: string
          intake_id?: string | null
          line_total?: never
          order_id: string
          position: number
          program_id?: string | null
          quantity?: number
          regular_unit_price?: number | null
          tax_class?: string
          title: string
          unit_price: number
        }
        Update: {
          created_at?: string
          currency?: string
          discount_amount?: number
          discounted_seats?: number
          early_bird_until?: string | null
          id?: string
          intake_id?: string | null
          line_total?: never
          order_id?: string
          position?: number
          program_id?: string | null
          quantity?: number
          regular_unit_price?: number | null
          tax_class?: string
          title?: string
          unit_price?: number
        }
        Relationships: [
          {
            foreignKeyName: "order_items_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "public_program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "public_training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_tax_class_fkey"
            columns: ["tax_class"]
            referencedRelation: "tax_classes"
            referencedColumns: ["id"]
          },
        ]
      }
      order_participants: {
        Row: {
          created_at: string
          email: string | null
          full_name: string
          id: string
          order_item_id: string
          position: number
        }
        Insert: {
          created_at?: string
          email?: string | null
          full_name: string
          id?: string
          order_item_id: string
          position: number
        }
        Update: {
          created_at?: string
          email?: string | null
          full_name?: string
          id?: string
          order_item_id?: string
          position?: number
        }
        Relationships: [
          {
            foreignKeyName: "order_participants_order_item_id_fkey"
            columns: ["order_item_id"]
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }
        Insert: {
          buyer_address?: string | null
          buyer_kra_pin?: string | null
          client_key: string
          confirmation_token: string
          created_at?: string
          currency?: string
          customer_email: string
          customer_name: string
          customer_phone?: string | null
          expired_at?: string | null
          hold_reminded_at?: string | null
          hold_until?: string | null
          id?: string
          idempotency_key: string
          kes_per_usd?: number
          mpesa_code?: string | null
          mpesa_code_checked_at?: string | null
          mpesa_code_status?: string | null
          mpesa_code_submitted_at?: string | null
          mpesa_receipt?: string | null
          organisation?: string | null
          paid_at?: string | null
          payment_choice?: string
          payment_method: string
          payment_recorded_at?: string | null
          payment_reference?: string | null
          payment_reference_method?: string | null
          po_number?: string | null
          reference: string
          request_hash: string
          status?: string
          status_changed_at?: string | null
          terms_accepted_at: string
          total_kes?: number
          total_usd?: number
          updated_at?: string
          voucher_code?: string | null
        }
        Update: {
          buyer_address?: string | null
          buyer_kra_pin?: string | null
          client_key?: string
          confirmation_token?: string
          created_at?: string
          currency?: string
          customer_email?: string
          customer_name?: string
          customer_phone?: string | null
          expired_at?: string | null
          hold_reminded_at?: string | null
          hold_until?: string | null
          id?: string
          idempotency_key?: string
          kes_per_usd?: number
          mpesa_code?: string | null
          mpesa_code_checked_at?: string | null
          mpesa_code_status?: string | null
          mpesa_code_submitted_at?: string | null
          mpesa_receipt?: string | null
          organisation?: string | null
          paid_at?: string | null
          payment_choice?: string
          payment_method?: string
          payment_recorded_at?: string | null
          payment_reference?: string | null
          payment_reference_method?: string | null
          po_number?: string | null
          reference?: string
          request_hash?: string
          status?: string
          status_changed_at?: string | null
          terms_accepted_at?: string
          total_kes?: number
          total_usd?: number
          updated_at?: string
          voucher_code?: string | null
        }
        Relationships: []
      }
      payment_receipts: {
        Row: {
          amount: number
          amount_kes: number
          balance: number
          balance_kes: number
          currency: string
          document_number: string
          id: string
          issued_at: string
          kes_per_usd: number
          method: string
          mpesa_attempt_id: string | null
          number: number
          order_id: string
          paid_at: string
          payer_email: string
          payer_name: string
          payer_organisation: string | null
          payer_phone: string | null
          reference: string | null
        }
        Insert: {
          amount: number
          amount_kes: number
          balance: number
          balance_kes: number
          currency: string
          document_number: string
          id?: string
          issued_at?: string
          kes_per_usd: number
          method: string
          mpesa_attempt_id?: string | null
          number: number
          order_id: string
          paid_at: string
          payer_email: string
          payer_name: string
          payer_organisation?: string | null
          payer_phone?: string | null
          reference?: string | null
        }
        Update: {
          amount?: number
          amount_kes?: number
          balance?: number
          balance_kes?: number
          currency?: string
          document_number?: string
          id?: string
          issued_at?: string
          kes_per_usd?: number
          method?: string
          mpesa_attempt_id?: string | null
          number?: number
          order_id?: string
          paid_at?: string
          payer_email?: string
          payer_name?: string
          payer_organisation?: string | null
          payer_phone?: string | null
          reference?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payment_receipts_mpesa_attempt_id_fkey"
            columns: ["mpesa_attempt_id"]
            referencedRelation: "mpesa_payment_attempts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payment_receipts_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      program_completion_rules: {
        Row: {
          id: string
          min_attendance_share: number
          program_id: string
          updated_at: string
        }
        Insert: {
          id?: string
          min_attendance_share?: number
          program_id: string
          updated_at?: string
        }
        Update: {
          id?: string
          min_attendance_share?: number
          program_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "program_completion_rules_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "public_training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_completion_rules_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "training_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      program_intakes: {
        Row: {
          capacity: number
          created_at: string
          early_bird_price: number | null
          early_bird_until: string | null
          ends_on: string
          id: string
          is_online: boolean
          is_published: boolean
          program_id: string
          starts_on: string
          updated_at: string
          venue: string | null
        }
        Insert: {
          capacity: number
          created_at?: string
          early_bird_price?: number | null
          early_bird_until?: string | null
          ends_on: string
          id?: string
          is_online?: boolean
          is_published?: boolean
          program_id: string
          starts_on: string
          updated_at?: string
          venue?: string | null
        }
        Update: {
          capacity?: number
          created_at?: string
          early_bird_price?: number | null
          early_bird_until?: string | null
          ends_on?: string
          id?: string
          is_online?: boolean
          is_published?: boolean
          program_id?: string
          starts_on?: string
          updated_at?: string
          venue?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "program_intakes_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "public_training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_intakes_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "training_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      quote_lines: {
        Row: {
          discount_amount: number
          id: string
          intake_id: string | null
          line_total: number | null
          position: number
          program_id: string
          quote_id: string
          seats: number
          title: string
          unit_price: number
        }
        Insert: {
          discount_amount?: number
          id?: string
          intake_id?: string | null
          line_total?: never
          position: number
          program_id: string
          quote_id: string
          seats: number
          title: string
          unit_price: number
        }
        Update: {
          discount_amount?: number
          id?: string
          intake_id?: string | null
          line_total?: never
          position?: number
          program_id?: string
          quote_id?: string
          seats?: number
          title?: string
          unit_price?: number
        }
        Relationships: [
          {
            foreignKeyName: "quote_lines_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "quote_lines_intake_id_fkey"
            columns: ["intake_id"]
            referencedRelation: "public_program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "quote_lines_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "public_training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "quote_lines_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "quote_lines_quote_id_fkey"
            columns: ["quote_id"]
            referencedRelation: "quotes"
            referencedColumns: ["id"]
          },
        ]
      }
      quotes: {
        Row: {
          accepted_at: string | null
          buyer_kra_pin: string | null
          contact_email: string
          contact_name: string
          created_at: string
          created_by: string | null
          currency: string
          hold_days: number
          id: string
          names_cutoff_days: number
          order_id: string | null
          organisation: string
          po_number: string | null
          reference: string
          sent_at: string | null
          state: string
          terms: string | null
          token: string
          updated_at: string
          valid_until: string
          viewed_at: string | null
          withdrawn_at: string | null
        }
        Insert: {
          accepted_at?: string | null
          buyer_kra_pin?: string | null
          contact_email: string
          contact_name: string
          created_at?: string
          created_by?: string | null
          currency: string
          hold_days?: number
          id?: string
          names_cutoff_days?: number
          order_id?: string | null
          organisation: string
          po_number?: string | null
          reference: string
          sent_at?: string | null
          state?: string
          terms?: string | null
          token: string
          updated_at?: string
          valid_until: string
          viewed_at?: string | null
          withdrawn_at?: string | null
        }
        Update: {
          accepted_at?: string | null
          buyer_kra_pin?: string | null
          contact_email?: string
          contact_name?: string
          created_at?: string
          created_by?: string | null
          currency?: string
          hold_days?: number
          id?: string
          names_cutoff_days?: number
          order_id?: string | null
          organisation?: string
          po_number?: string | null
          reference?: string
          sent_at?: string | null
          state?: string
          terms?: string | null
          token?: string
          updated_at?: string
          valid_until?: string
          viewed_at?: string | null
          withdrawn_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "quotes_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      services: {
        Row: {
          created_at: string
          description: string
          icon: string | null
          id: string
          image_url: string | null
          is_published: boolean
          slug: string
          sort_order: number
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          description: string
          icon?: string | null
          id?: string
          image_url?: string | null
          is_published?: boolean
          slug: string
          sort_order?: number
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          icon?: string | null
          id?: string
          image_url?: string | null
          is_published?: boolean
          slug?: string
          sort_order?: number
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      site_settings: {
        Row: {
          id: string
          setting_key: string
          setting_value: NonNullable<Json>
          updated_at: string
        }
        Insert: {
          id?: string
          setting_key: string
          setting_value: NonNullable<Json>
          updated_at?: string
        }
        Update: {
          id?: string
          setting_key?: string
          setting_value?: NonNullable<Json>
          updated_at?: string
        }
        Relationships: []
      }
      staff: {
        Row: {
          created_at: string
          deactivated_at: string | null
          email: string
          id: string | null
          roles: string[]
          user_id: string
        }
        Insert: {
          created_at?: string
          deactivated_at?: string | null
          email: string
          id?: never
          roles?: string[]
          user_id: string
        }
        Update: {
          created_at?: string
          deactivated_at?: string | null
          email?: string
          id?: never
          roles?: string[]
          user_id?: string
        }
        Relationships: []
      }
      tax_classes: {
        Row: {
          id: string
          label: string
          rate_basis_points: number
          updated_at: string
        }
        Insert: {
          id: string
          label: string
          rate_basis_points: number
          updated_at?: string
        }
        Update: {
          id?: string
          label?: string
          rate_basis_points?: number
          updated_at?: string
        }
        Relationships: []
      }
      tax_document_lines: {
        Row: {
          currency: string
          discount_kes: number
          document_id: string
          gross_kes: number
          id: string
          item_code: string
          net_kes: number
          position: number
          quantity: number
          rate_basis_points: number
          tax_class: string
          title: string
          unit_price: number
          vat_kes: number
        }
        Insert: {
          currency: string
          discount_kes?: number
          document_id: string
          gross_kes: number
          id?: string
          item_code: string
          net_kes: number
          position: number
          quantity: number
          rate_basis_points: number
          tax_class: string
          title: string
          unit_price: number
          vat_kes: number
        }
        Update: {
          currency?: string
          discount_kes?: number
          document_id?: string
          gross_kes?: number
          id?: string
          item_code?: string
          net_kes?: number
          position?: number
          quantity?: number
          rate_basis_points?: number
          tax_class?: string
          title?: string
          unit_price?: number
          vat_kes?: number
        }
        Relationships: [
          {
            foreignKeyName: "tax_document_lines_document_id_fkey"
            columns: ["document_id"]
            referencedRelation: "tax_documents"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tax_document_lines_tax_class_fkey"
            columns: ["tax_class"]
            referencedRelation: "tax_classes"
            referencedColumns: ["id"]
          },
        ]
      }
      tax_documents: {
        Row: {
          buyer_address: string | null
          buyer_email: string
          buyer_kra_pin: string | null
          buyer_name: string
          buyer_organisation: string | null
          credited_document_id: string | null
          currency: string
          document_number: string
          etims_attempts: number
          etims_last_error: string | null
          etims_next_attempt_at: string
          etims_number: number
          etims_receipt: Json | null
          etims_registered_at: string | null
          etims_status: string
          gross_kes: number
          id: string
          issued_at: string
          kes_per_usd: number
          kind: string
          net_kes: number
          number: number
          order_id: string
          reason: string | null
          total: number
          vat_kes: number
        }
        Insert: {
          buyer_address?: string | null
          buyer_email: string
          buyer_kra_pin?: string | null
          buyer_name: string
          buyer_organisation?: string | null
          credited_document_id?: string | null
          currency: string
          document_number: string
          etims_attempts?: number
          etims_last_error?: string | null
          etims_next_attempt_at?: string
          etims_number: number
          etims_receipt?: Json | null
          etims_registered_at?: string | null
          etims_status?: string
          gross_kes: number
          id?: string
          issued_at?: string
          kes_per_usd: number
          kind: string
          net_kes: number
          number: number
          order_id: string
          reason?: string | null
          total: number
          vat_kes: number
        }
        Update: {
          buyer_address?: string | null
          buyer_email?: string
          buyer_kra_pin?: string | null
          buyer_name?: string
          buyer_organisation?: string | null
          credited_document_id?: string | null
          currency?: string
          document_number?: string
          etims_attempts?: number
          etims_last_error?: string | null
          etims_next_attempt_at?: string
          etims_number?: number
          etims_receipt?: Json | null
          etims_registered_at?: string | null
          etims_status?: string
          gross_kes?: number
          id?: string
          issued_at?: string
          kes_per_usd?: number
          kind?: string
          net_kes?: number
          number?: number
          order_id?: string
          reason?: string | null
          total?: number
          vat_kes?: number
        }
        Relationships: [
          {
            foreignKeyName: "tax_documents_credited_document_id_fkey"
            columns: ["credited_document_id"]
            referencedRelation: "tax_documents"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tax_documents_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      training_programs: {
        Row: {
          category: string
          created_at: string
          currency: string
          delivery_mode: string
          description: string
          duration: string
          early_bird_price: number | null
          early_bird_until: string | null
          etims_item_code: string
          focus: string
          id: string
          image_url: string | null
          is_published: boolean
          price_amount: number
          slug: string
          sort_order: number
          tax_class: string
          title: string
          updated_at: string
        }
        Insert: {
          category: string
          created_at?: string
          currency: string
          delivery_mode?: string
          description: string
          duration: string
          early_bird_price?: number | null
          early_bird_until?: string | null
          etims_item_code?: string
          focus: string
          id?: string
          image_url?: string | null
          is_published?: boolean
          price_amount: number
          slug: string
          sort_order?: number
          tax_class?: string
          title: string
          updated_at?: string
        }
        Update: {
          category?: string
          created_at?: string
          currency?: string
          delivery_mode?: string
          description?: string
          duration?: string
          early_bird_price?: number | null
          early_bird_until?: string | null
          etims_item_code?: string
          focus?: string
          id?: string
          image_url?: string | null
          is_published?: boolean
          price_amount?: number
          slug?: string
          sort_order?: number
          tax_class?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "training_programs_tax_class_fkey"
            columns: ["tax_class"]
            referencedRelation: "tax_classes"
            referencedColumns: ["id"]
          },
        ]
      }
      voucher_redemptions: {
        Row: {
          created_at: string
          currency: string
          discount_amount: number
          id: string
          order_id: string
          seats: number
          voucher_id: string
        }
        Insert: {
          created_at?: string
          currency: string
          discount_amount: number
          id?: string
          order_id: string
          seats: number
          voucher_id: string
        }
        Update: {
          created_at?: string
          currency?: string
          discount_amount?: number
          id?: string
          order_id?: string
          seats?: number
          voucher_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "voucher_redemptions_order_id_fkey"
            columns: ["order_id"]
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "voucher_redemptions_voucher_id_fkey"
            columns: ["voucher_id"]
            referencedRelation: "vouchers"
            referencedColumns: ["id"]
          },
        ]
      }
      vouchers: {
        Row: {
          amount: number | null
          batch_id: string | null
          code: string
          created_at: string
          created_by: string | null
          currency: string | null
          description: string | null
          held_intake_id: string | null
          held_seats: number | null
          held_until: string | null
          id: string
          intake_ids: string[]
          is_paused: boolean
          kind: string
          max_seats_per_order: number | null
          max_uses: number | null
          percent_off: number | null
          program_ids: string[]
          scope: string
          updated_at: string
          valid_from: string | null
          valid_until: string | null
        }
        Insert: {
          amount?: number | null
          batch_id?: string | null
          code: string
          created_at?: string
          created_by?: string | null
          currency?: string | null
          description?: string | null
          held_intake_id?: string | null
          held_seats?: number | null
          held_until?: string | null
          id?: string
          intake_ids?: string[]
          is_paused?: boolean
          kind: string
          max_seats_per_order?: number | null
          max_uses?: number | null
          percent_off?: number | null
          program_ids?: string[]
          scope?: string
          updated_at?: string
          valid_from?: string | null
          valid_until?: string | null
        }
        Update: {
          amount?: number | null
          batch_id?: string | null
          code?: string
          created_at?: string
          created_by?: string | null
          currency?: string | null
          description?: string | null
          held_intake_id?: string | null
          held_seats?: number | null
          held_until?: string | null
          id?: string
          intake_ids?: string[]
          is_paused?: boolean
          kind?: string
          max_seats_per_order?: number | null
          max_uses?: number | null
          percent_off?: number | null
          program_ids?: string[]
          scope?: string
          updated_at?: string
          valid_from?: string | null
          valid_until?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "vouchers_held_intake_id_fkey"
            columns: ["held_intake_id"]
            referencedRelation: "program_intakes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "vouchers_held_intake_id_fkey"
            columns: ["held_intake_id"]
            referencedRelation: "public_program_intakes"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      public_events: {
        Row: {
          capacity: number | null
          category: string | null
          currency: string | null
          description: string | null
          ends_at: string | null
          id: string | null
          image_url: string | null
          mode: string | null
          price_amount: number | null
          registration_url: string | null
          seats_left: number | null
          slug: string | null
          starts_at: string | null
          title: string | null
          venue: string | null
        }
        Insert: {
          capacity?: number | null
          category?: string | null
          currency?: string | null
          description?: string | null
          ends_at?: string | null
          id?: string | null
          image_url?: string | null
          mode?: string | null
          price_amount?: number | null
          registration_url?: string | null
          seats_left?: never
          slug?: string | null
          starts_at?: string | null
          title?: string | null
          venue?: string | null
        }
        Update: {
          capacity?: number | null
          category?: string | null
          currency?: string | null
          description?: string | null
          ends_at?: string | null
          id?: string | null
          image_url?: string | null
          mode?: string | null
          price_amount?: number | null
          registration_url?: string | null
          seats_left?: never
          slug?: string | null
          starts_at?: string | null
          title?: string | null
          venue?: string | null
        }
        Relationships: []
      }
      public_program_intakes: {
        Row: {
          capacity: number | null
          early_bird_price: number | null
          early_bird_until: string | null
          ends_on: string | null
          id: string | null
          is_online: boolean | null
          program_id: string | null
          program_slug: string | null
          seats_left: number | null
          seats_on_hold: number | null
          starts_on: string | null
          venue: string | null
        }
        Relationships: [
          {
            foreignKeyName: "program_intakes_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "public_training_programs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "program_intakes_program_id_fkey"
            columns: ["program_id"]
            referencedRelation: "training_programs"
            referencedColumns: ["id"]
          },
        ]
      }
      public_services: {
        Row: {
          description: string | null
          icon: string | null
          id: string | null
          image_url: string | null
          slug: string | null
          sort_order: number | null
          title: string | null
        }
        Insert: {
          description?: string | null
          icon?: string | null
          id?: string | null
          image_url?: string | null
          slug?: string | null
          sort_order?: number | null
          title?: string | null
        }
        Update: {
          description?: string | null
          icon?: string | null
          id?: string | null
          image_url?: string | null
          slug?: string | null
          sort_order?: number | null
          title?: string | null
        }
        Relationships: []
      }
      public_training_programs: {
        Row: {
          category: string | null
          currency: string | null
          delivery_mode: string | null
          description: string | null
          duration: string | null
          early_bird_price: number | null
          early_bird_until: string | null
          focus: string | null
          id: string | null
          image_url: string | null
          price_amount: number | null
          slug: string | null
          sort_order: number | null
          tax_class: string | null
          title: string | null
        }
        Insert: {
          category?: string | null
          currency?: string | null
          delivery_mode?: string | null
          description?: string | null
          duration?: string | null
          early_bird_price?: never
          early_bird_until?: never
          focus?: string | null
          id?: string | null
          image_url?: string | null
          price_amount?: number | null
          slug?: string | null
          sort_order?: number | null
          tax_class?: string | null
          title?: string | null
        }
        Update: {
          category?: string | null
          currency?: string | null
          delivery_mode?: string | null
          description?: string | null
          duration?: string | null
          early_bird_price?: never
          early_bird_until?: never
          focus?: string | null
          id?: string | null
          image_url?: string | null
          price_amount?: number | null
          slug?: string | null
          sort_order?: number | null
          tax_class?: string | null
          title?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "training_programs_tax_class_fkey"
            columns: ["tax_class"]
            referencedRelation: "tax_classes"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      accept_quote: {
        Args: { participants?: Json; po_number: string; token: string }
        Returns: {
          order_token: string
          reference: string
          replayed: boolean
        }[]
      }
      add_invited_staff: {
        Args: { roles: string[]; target: string }
        Returns: {
          created_at: string
          deactivated_at: string | null
          email: string
          id: string | null
          roles: string[]
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "staff"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_dashboard: { Args: Record<PropertyKey, never>; Returns: Json }
      admin_intake_seats: {
        Args: { program: string }
        Returns: {
          intake_id: string
          seats_sold: number
        }[]
      }
      audit_log_entries: {
        Args: {
          p_before_id?: number
          p_limit?: number
          p_row_id?: string
          p_table_name?: string
        }
        Returns: {
          action: string
          actor_email: string
          actor_id: string
          actor_role: string
          actor_staff_roles: string[]
          after: Json
          before: Json
          id: number
          occurred_at: string
          row_id: string
          table_name: string
        }[]
      }
      begin_mpesa_attempt: {
        Args: { amount: number; phone: string; target_order: string }
        Returns: string
      }
      cancel_event_registration: {
        Args: { token: string }
        Returns: {
          status: string
        }[]
      }
      certificate_mail_document: {
        Args: { certificate_id: string }
        Returns: {
          buyer_name: string
          code: string
          ends_on: string
          holder_name: string
          hours: number
          issued_at: string
          program_title: string
          revoked_at: string
          starts_on: string
          to_buyer: boolean
        }[]
      }
      check_order_mpesa_code: {
        Args: { order_id: string; verdict: string }
        Returns: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      check_staff_invite: {
        Args: { email: string; roles: string[] }
        Returns: undefined
      }
      claim_mail_outbox: {
        Args: { batch_size?: number; lease_seconds?: number }
        Returns: {
          attempts: number
          campaign_id: string | null
          campaign_recipient_id: string | null
          certificate_id: string | null
          claim_id: string | null
          created_at: string
          data_erasure_request_id: string | null
          enquiry_id: string | null
          id: string
          kind: string
          last_error: string | null
          lease_until: string | null
          next_attempt_at: string
          order_id: string | null
          payment_receipt_id: string | null
          position: number
          quote_id: string | null
          recipient: string | null
          registration_id: string | null
          sent_at: string | null
          status: string
          subscriber_id: string | null
          tax_document_id: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "mail_outbox"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_tax_documents: { Args: { batch?: number }; Returns: Json }
      client_challenge: {
        Args: Record<PropertyKey, never>
        Returns: {
          challenge: string
          difficulty: number
        }[]
      }
      complete_data_erasure: {
        Args: { request_id: string }
        Returns: {
          completed_at: string | null
          completed_by: string | null
          completed_by_email: string | null
          due_by: string
          email: string | null
          id: string
          kept_orders: string[]
          kept_until: string | null
          note: string | null
          requested_at: string
          status: string
        }
        SetofOptions: {
          from: "*"
          to: "data_erasure_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      complete_mail_outbox: {
        Args: { claim: string; message_id: string }
        Returns: boolean
      }
      create_order: {
        Args: {
          accepted_terms: boolean
          buyer_address?: string
          buyer_email: string
          buyer_kra_pin?: string
          buyer_name: string
          buyer_phone: string
          idempotency_key: string
          items: Json
          organisation?: string
          payment_method: string
          po_number?: string
          voucher_code?: string
        }
        Returns: {
          reference: string
          replayed: boolean
          token: string
        }[]
      }
      create_quote: {
        Args: {
          buyer_kra_pin?: string
          contact_email: string
          contact_name: string
          currency: string
          hold_days?: number
          lines: Json
          names_cutoff_days?: number
          organisation: string
          terms?: string
          valid_until: string
        }
        Returns: string
      }
      data_erasure_mail_document: {
        Args: { request_id: string }
        Returns: {
          completed_at: string
          kept_orders: string[]
          kept_until: string
          note: string
        }[]
      }
      enquiry_mail_document: {
        Args: { enquiry_id: string }
        Returns: {
          created_at: string
          email: string
          message: string
          name: string
          organisation: string
          phone: string
          topic: string
        }[]
      }
      event_registration_counts: {
        Args: { event_ids: string[] }
        Returns: {
          cancelled: number
          checked_in: number
          confirmed: number
          confirmed_seats: number
          event_id: string
          waitlisted: number
        }[]
      }
      expire_order_holds: { Args: { at?: string }; Returns: Json }
      extend_order_hold: {
        Args: { hours: number; order_id: string }
        Returns: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      fail_mail_outbox: {
        Args: {
          claim: string
          error: string
          message_id: string
          retry: boolean
        }
        Returns: string
      }
      fail_mpesa_push: {
        Args: { attempt: string; how?: string; reason: string }
        Returns: undefined
      }
      get_event_registration: {
        Args: { token: string }
        Returns: {
          ends_at: string
          event_cancelled: boolean
          event_slug: string
          event_title: string
          name: string
          seats: number
          starts_at: string
          status: string
          venue: string
        }[]
      }
      get_mpesa_payment: { Args: { token: string }; Returns: Json }
      get_order: { Args: { token: string }; Returns: Json }
      get_order_payment_receipts: { Args: { token: string }; Returns: Json }
      get_order_tax_documents: { Args: { token: string }; Returns: Json }
      intake_roster: {
        Args: { intake_id: string }
        Returns: {
          buyer_email: string
          buyer_name: string
          completed: boolean
          days_present: number
          days_total: number
          email: string
          full_name: string
          min_attendance_share: number
          order_id: string
          order_reference: string
          order_status: string
          organisation: string
          override_at: string
          override_by_email: string
          override_completed: boolean
          override_reason: string
          participant_id: string
          rule_holds: boolean
        }[]
      }
      issue_certificate: {
        Args: { hours?: number; participant_id: string }
        Returns: string
      }
      issue_intake_certificates: {
        Args: { hours?: number; intake_id: string }
        Returns: number
      }
      my_data: { Args: Record<PropertyKey, never>; Returns: Json }
      my_order_participants_link: {
        Args: { order_id: string }
        Returns: string
      }
      name_quote_participants: {
        Args: { participants: Json; token: string }
        Returns: Json
      }
      newsletter_campaign_mail_document: {
        Args: { campaign_recipient_id: string }
        Returns: {
          body_html: string
          body_text: string
          campaign_id: string
          email: string
          preheader: string
          subject: string
          subscribed: boolean
          token: string
        }[]
      }
      newsletter_campaign_results: {
        Args: Record<PropertyKey, never>
        Returns: {
          audience_topic: string
          created_at: string
          failed: number
          id: string
          queued: number
          send_started_at: string
          sent: number
          skipped: number
          state: string
          subject: string
          uncertain: number
          unsubscribed: number
        }[]
      }
      newsletter_campaign_test_document: {
        Args: { campaign_id: string }
        Returns: {
          body_html: string
          body_text: string
          preheader: string
          subject: string
        }[]
      }
      newsletter_campaign_timeline: {
        Args: { campaign_id: string }
        Returns: {
          minute: string
          sent: number
        }[]
      }
      newsletter_catalogue_blocks: {
        Args: {
          event_ids: string[]
          intake_ids: string[]
          program_ids: string[]
        }
        Returns: {
          currency: string
          ends_at: string
          ends_on: string
          id: string
          kind: string
          price_amount: number
          slug: string
          starts_at: string
          starts_on: string
          title: string
          venue: string
        }[]
      }
      newsletter_confirm: {
        Args: { token: string }
        Returns: {
          email: string
          status: string
        }[]
      }
      newsletter_interests: { Args: { token: string }; Returns: string[] }
      newsletter_mail_document: {
        Args: { subscriber_id: string }
        Returns: {
          email: string
          status: string
          token: string
        }[]
      }
      newsletter_set_interests: {
        Args: { token: string; topics: string[] }
        Returns: boolean
      }
      newsletter_subscribe: {
        Args: { client: string; email: string; proof?: string; source?: string }
        Returns: {
          outcome: string
          retry_after: number
        }[]
      }
      newsletter_topics: { Args: Record<PropertyKey, never>; Returns: string[] }
      newsletter_unsubscribe: {
        Args: { token: string }
        Returns: {
          email: string
          status: string
        }[]
      }
      order_document: { Args: { order_id: string }; Returns: Json }
      payment_receipt_for_pdf: {
        Args: { receipt: string; token?: string }
        Returns: Json
      }
      payment_receipt_mail_document: {
        Args: { receipt: string }
        Returns: Json
      }
      queue_newsletter_campaign_batch: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      quote_mail_document: { Args: { quote: string }; Returns: Json }
      quote_token_of_order: { Args: { order_id: string }; Returns: string }
      record_mail_bounce: {
        Args: {
          claim: string
          error: string
          message_id: string
          smtp_code: number
        }
        Returns: string
      }
      record_mpesa_push: {
        Args: {
          attempt: string
          checkout_request_id: string
          merchant_request_id: string
        }
        Returns: undefined
      }
      record_order_payment: {
        Args: { method: string; order_id: string; reference: string }
        Returns: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      record_tax_document_failure: {
        Args: { document: string; message: string; retryable: boolean }
        Returns: undefined
      }
      record_tax_document_registration: {
        Args: { document: string; receipt: Json }
        Returns: undefined
      }
      register_for_event: {
        Args: {
          email: string
          event_slug: string
          name: string
          organisation?: string
          phone: string
          seats?: number
        }
        Returns: {
          status: string
          token: string
        }[]
      }
      registration_mail_document: {
        Args: { registration_id: string }
        Returns: {
          calendar_sequence: number
          description: string
          email: string
          ends_at: string
          event_cancelled: boolean
          event_id: string
          event_slug: string
          event_title: string
          mode: string
          name: string
          seats: number
          starts_at: string
          status: string
          token: string
          venue: string
          waitlist_position: number
        }[]
      }
      reissue_certificate: {
        Args: { certificate_id: string; holder_name: string; reason: string }
        Returns: undefined
      }
      rename_order_participant: {
        Args: { full_name: string; participant_id: string }
        Returns: undefined
      }
      request_data_erasure: {
        Args: Record<PropertyKey, never>
        Returns: {
          already_requested: boolean
          due_by: string
          id: string
          requested_at: string
        }[]
      }
      resend_order_confirmation: { Args: { order_id: string }; Returns: string }
      reset_staff_factor: { Args: { target: string }; Returns: number }
      retry_tax_document: { Args: { document: string }; Returns: undefined }
      revoke_certificate: {
        Args: { certificate_id: string; reason: string }
        Returns: undefined
      }
      search_catalogue: {
        Args: { per_group?: number; query: string }
        Returns: Json
      }
      send_newsletter_campaign: {
        Args: { campaign_id: string }
        Returns: {
          queued: number
          recipients: number
        }[]
      }
      send_newsletter_campaign_test: {
        Args: { campaign_id: string }
        Returns: string
      }
      send_quote: { Args: { quote_id: string }; Returns: undefined }
      set_order_buyer: {
        Args: {
          address: string
          kra_pin: string
          order_id: string
          organisation: string
        }
        Returns: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_order_status: {
        Args: { order_id: string; status: string }
        Returns: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_staff_active: {
        Args: { active: boolean; target: string }
        Returns: {
          created_at: string
          deactivated_at: string | null
          email: string
          id: string | null
          roles: string[]
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "staff"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_staff_roles: {
        Args: { roles: string[]; target: string }
        Returns: {
          created_at: string
          deactivated_at: string | null
          email: string
          id: string | null
          roles: string[]
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "staff"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      settle_mpesa_attempt: {
        Args: {
          checkout_request_id: string
          paid_amount: number
          receipt?: string
          result_code: number
          result_desc: string
          settled_by: string
        }
        Returns: string
      }
      staff_members: {
        Args: Record<PropertyKey, never>
        Returns: {
          created_at: string
          deactivated_at: string
          email: string
          factor_enrolled: boolean
          invitation_pending: boolean
          last_sign_in_at: string
          roles: string[]
          user_id: string
        }[]
      }
      staff_mpesa_attempts: {
        Args: { target_order: string }
        Returns: {
          amount: number
          id: string
          phone: string
          receipt: string
          requested_at: string
          result_code: number
          result_desc: string
          settled_at: string
          settled_by: string
          status: string
        }[]
      }
      staff_orders_count: {
        Args: { mpesa_only?: boolean; search?: string; status?: string }
        Returns: number
      }
      staff_orders_page: {
        Args: {
          descending?: boolean
          mpesa_only?: boolean
          reversed?: boolean
          search?: string
          skip?: number
          sort?: string
          status?: string
          take?: number
        }
        Returns: {
          buyer_address: string | null
          buyer_kra_pin: string | null
          client_key: string
          confirmation_token: string
          created_at: string
          currency: string
          customer_email: string
          customer_name: string
          customer_phone: string | null
          expired_at: string | null
          hold_reminded_at: string | null
          hold_until: string | null
          id: string
          idempotency_key: string
          kes_per_usd: number
          mpesa_code: string | null
          mpesa_code_checked_at: string | null
          mpesa_code_status: string | null
          mpesa_code_submitted_at: string | null
          mpesa_receipt: string | null
          organisation: string | null
          paid_at: string | null
          payment_choice: string
          payment_method: string
          payment_recorded_at: string | null
          payment_reference: string | null
          payment_reference_method: string | null
          po_number: string | null
          reference: string
          request_hash: string
          status: string
          status_changed_at: string | null
          terms_accepted_at: string
          total_kes: number
          total_usd: number
          updated_at: string
          voucher_code: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "orders"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      staff_quotes: {
        Args: Record<PropertyKey, never>
        Returns: {
          accepted_at: string
          contact_email: string
          contact_name: string
          created_at: string
          currency: string
          id: string
          order_id: string
          order_reference: string
          organisation: string
          po_number: string
          reference: string
          seats: number
          sent_at: string
          state: string
          total: number
          valid_until: string
          viewed_at: string
          withdrawn_at: string
        }[]
      }
      staff_subscribers_count: {
        Args: { search?: string; status?: string }
        Returns: number
      }
      staff_subscribers_page: {
        Args: {
          descending?: boolean
          reversed?: boolean
          search?: string
          skip?: number
          sort?: string
          status?: string
          take?: number
        }
        Returns: {
          bounced_at: string | null
          confirmation_sent_at: string | null
          confirmed_at: string | null
          consent_text: string | null
          consented_at: string | null
          created_at: string
          email: string
          hard_bounces: number
          id: string
          requested_at: string
          source: string
          status: string
          token: string
          unsubscribed_at: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "newsletter_subscribers"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      stop_newsletter_campaign: {
        Args: { campaign_id: string }
        Returns: undefined
      }
      submit_enquiry: {
        Args: {
          consent: boolean
          email: string
          message: string
          name: string
          organisation: string
          phone: string
          topic: string
          website?: string
        }
        Returns: {
          id: string
        }[]
      }
      submit_mpesa_code: {
        Args: { code: string; token: string }
        Returns: Json
      }
      tax_document_for_pdf: {
        Args: { document: string; token?: string }
        Returns: Json
      }
      tax_document_mail_document: { Args: { document: string }; Returns: Json }
      verify_certificate: {
        Args: { code: string }
        Returns: {
          ends_on: string
          holder_name: string
          hours: number
          issued_at: string
          program_title: string
          revoked_at: string
          starts_on: string
          status: string
        }[]
      }
      view_quote: { Args: { token: string }; Returns: Json }
      voucher_usage: {
        Args: Record<PropertyKey, never>
        Returns: {
          held_used: number
          hold_active: boolean
          seats: number
          uses: number
          voucher_id: string
        }[]
      }
      withdraw_claimed_campaign_mail: {
        Args: { claim: string; message_id: string }
        Returns: boolean
      }
      withdraw_quote: { Args: { quote_id: string }; Returns: undefined }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

